import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { saveBlob } from '../../components/saveBlob';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { errorMessage, isCancelledError } from '../../dataProvider/httpError';

export type DownloadState = { status: 'loading' } | { status: 'done'; fileName: string } | { status: 'error'; message: string };

/** Fetches report `id` as CSV and saves it as report_{id}.csv (SPEC §2). */
export function useReportDownload(id: string) {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const notify = useNotify();
  const [state, setState] = useState<DownloadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const fileName = `report_${id}.csv`;
    dataProvider
      .downloadReport(id, controller.signal)
      .then((blob) => {
        saveBlob(blob, fileName);
        setState({ status: 'done', fileName });
      })
      .catch((error: unknown) => {
        if (isCancelledError(error) || controller.signal.aborted) return;
        const message = errorMessage(error);
        notify(message, { type: 'error', messageArgs: { _: message } });
        setState({ status: 'error', message });
      });
    return () => controller.abort();
  }, [dataProvider, notify, id, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return { state, retry };
}
