import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { fileTooLargeMessage } from '../../../../domain/messages';
import { RELOAD_LIMITS } from '../../../../domain/reloadables';
import { formatFileSize } from '../../../i18n/formatMoney';
import { FilePickButton } from '../../../components/FilePickButton';
import { useDownload } from '../../../components/useDownload';
import type { TesseraDataProvider } from '../../../dataProvider/types';
import { exportLanguageOf } from '../../../components/csvDownload';
import { fileToUpload, isCsvFile } from '../../../components/fileReading';
import type { ReloadDraft } from './ReloadCheckout';
import { useReloadTab } from './useReloadTab';
import { FileReadError } from './ValidationReport';

export const TEMPLATE_FILE = 'reloads-template.csv';

type Chosen = { draft: ReloadDraft } | { refused: string } | { unreadable: true };

/**
 * SPEC §2 "CSV": the template in the user's language, a file (CSV only, 5 MB at most) read as
 * SPEC §3's file object and checked by the server at once; the bad lines are listed with line,
 * field and reason, and nothing runs until the file is clean or they are left out.
 */
export function CsvTab({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [chosen, setChosen] = useState<{ name: string; result: Chosen } | null>(null);
  const [reading, setReading] = useState(false);
  const { outcome, footer } = useReloadTab({ dirty: chosen !== null, onDirtyChange, clear: () => setChosen(null) });

  const { download: downloadTemplate, downloading } = useDownload(() => dataProvider.reloadsTemplate(exportLanguageOf(locale)), TEMPLATE_FILE, 'messages.operationFailed');

  const choose = async (file: File) => {
    if (!isCsvFile(file)) return setChosen({ name: file.name, result: { refused: 'validation.fileType' } });
    if (file.size > RELOAD_LIMITS.maxCsvBytes) return setChosen({ name: file.name, result: { refused: fileTooLargeMessage(RELOAD_LIMITS.maxCsvBytes) } });
    setReading(true);
    try {
      const upload = await fileToUpload(file, 'text/csv');
      // the key names this very file: choosing it again after an edit checks it again
      setChosen({ name: file.name, result: { draft: { source: 'CSV', fileName: file.name, input: { file: upload }, key: `${file.name}:${file.size}:${file.lastModified}:${Date.now()}` } } });
    } catch {
      setChosen({ name: file.name, result: { unreadable: true } });
    } finally {
      setReading(false);
    }
  };
  if (outcome) return outcome;

  const result = chosen?.result;
  const chooseLabel = translate(chosen ? 'reloads.csv.chooseOther' : 'reloads.csv.choose');
  return (
    <Box>
      <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-label={translate('reloads.csv.title')}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('reloads.csv.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('reloads.csv.help', { max: formatFileSize(RELOAD_LIMITS.maxCsvBytes, locale) })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button variant="outlined" startIcon={downloading ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />} disabled={downloading} onClick={downloadTemplate}>
            {translate('reloads.csv.template')}
          </Button>
          <FilePickButton label={chooseLabel} accept=".csv,text/csv" busy={reading} icon={<UploadFileIcon />} onFile={(file) => void choose(file)} />
          {chosen && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {translate('reloads.csv.chosen', { name: chosen.name })}
            </Typography>
          )}
        </Box>
        {result && 'refused' in result && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {translate(result.refused)}
          </Alert>
        )}
        {result && 'unreadable' in result && <FileReadError reasons={[]} onTemplate={downloadTemplate} />}
      </Paper>
      {footer({ draft: result && 'draft' in result ? result.draft : null, autoCheck: true, rowLabel: 'reloads.report.line', onTemplate: downloadTemplate })}
    </Box>
  );
}
