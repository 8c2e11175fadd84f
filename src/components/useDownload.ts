import { useState } from 'react';
import { actionErrorText } from './actionErrorText';
import { saveBlob } from './saveBlob';
import { useNotifyError } from './useNotifyError';

/**
 * A file the API draws (a CSV template…) handed to the browser as `fileName`: `downloading` while
 * it comes; a failure is notified (with the action's SPEC §8 text `fallbackKey` when given).
 */
export function useDownload(fetchBlob: () => Promise<Blob>, fileName: string, fallbackKey?: string) {
  const notifyError = useNotifyError();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await fetchBlob(), fileName);
    } catch (error) {
      if (fallbackKey) notifyError(error, actionErrorText(error, fallbackKey));
      else notifyError(error);
    } finally {
      setDownloading(false);
    }
  };
  return { download: () => void download(), downloading };
}
