import { Alert, AlertTitle, Box, Button, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { MAX_UPLOAD_BYTES } from '../../../domain/constants';
import { messageWith } from '../../../domain/messages';
import type { StoreImportResult } from '../../../domain/schemas/stores-api';
import { useFormat, useFormatNumber } from '../../i18n/formatMoney';
import { FilePickButton } from '../../components/FilePickButton';
import { ModalDialog } from '../../components/ModalDialog';
import { RowsTable } from '../../components/RowsTable';
import { useBusyRun } from '../../components/useBusyRun';
import { useDownload } from '../../components/useDownload';
import { HttpError } from '../../dataProvider/httpError';
import type { TesseraDataProvider } from '../../dataProvider/types';

/** What is wrong with a file, as a text of the catalogue (a message with its values, `validation.storeRowsMax?max=5000`). */
type FileProblem = string;
const PROBLEM_TEXT = {
  unreadable: 'stores.import.readErrorMessage',
  tooLarge: messageWith('stores.import.tooLarge', { maxBytes: MAX_UPLOAD_BYTES }),
  type: 'stores.import.typeNotAllowed',
} as const;

/** SPEC §8 'Error reading file', with what is wrong: the size limit, the type, or unreadable content. */
function ReadError({ problem }: { problem: FileProblem }) {
  const translate = useTranslate();
  return (
    <Alert severity="error">
      <AlertTitle>{translate('stores.import.readErrorTitle')}</AlertTitle>
      {translate(problem)}
    </Alert>
  );
}

/** The server's answer for a file it refuses (413 FILE_TOO_LARGE, or any 413 from a proxy). */
function problemOf(error: unknown): FileProblem | null {
  if (!(error instanceof HttpError)) return null;
  if (error.status === 413 || error.code === 'FILE_TOO_LARGE' || error.code === 'PAYLOAD_TOO_LARGE') return PROBLEM_TEXT.tooLarge;
  if (error.code === 'FILE_TYPE_NOT_ALLOWED' || error.code === 'UNSUPPORTED_MEDIA_TYPE') return PROBLEM_TEXT.type;
  if (error.code === 'FILE_UNREADABLE') return PROBLEM_TEXT.unreadable;
  // the file's own rule (more lines than an import reads): its message, with the number
  const file = (error.body as { errors?: Record<string, unknown> } | null)?.errors?.file;
  if (error.code === 'VALIDATION_ERROR' && typeof file === 'string' && file.startsWith('validation.')) return file;
  return null;
}

function Results({ result }: { result: StoreImportResult }) {
  const translate = useTranslate();
  const formatNumber = useFormatNumber();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {result.created > 0 && <Alert severity="success">{translate('stores.import.created', { smart_count: result.created })}</Alert>}
      {result.failed.length > 0 && (
        <Alert severity="error" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <AlertTitle>{translate('stores.import.errorTitle')}</AlertTitle>
          <RowsTable
            label={translate('stores.import.errorTitle')}
            columns={[translate('stores.import.row'), translate('stores.fields.code'), translate('stores.import.errorCode'), translate('stores.import.message')]}
            rows={result.failed.map((failure) => ({
              key: failure.row,
              cells: [formatNumber(failure.row), failure.storeCode || '—', failure.code, `${failure.field ? `${translate(`stores.fields.${failure.field}`)}: ` : ''}${translate(failure.message)}`],
            }))}
          />
          {result.failedCount > result.failed.length && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('stores.import.moreFailed', { smart_count: result.failedCount - result.failed.length })}
            </Typography>
          )}
        </Alert>
      )}
      {result.created === 0 && result.failed.length === 0 && <Alert severity="info">{translate('stores.import.nothing')}</Alert>}
    </Box>
  );
}

/**
 * Import stores from a CSV (SPEC §2): download the template, choose a file (CSV, at most 5 MB),
 * read the per-line results. Good lines are saved even when others fail.
 */
export function StoreImportDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const format = useFormat();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { busy, run } = useBusyRun();
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [result, setResult] = useState<StoreImportResult | null>(null);

  const upload = async (file: File) => {
    setResult(null);
    setProblem(null);
    const local: FileProblem | null = !/\.(csv|txt)$/i.test(file.name) ? PROBLEM_TEXT.type : file.size > MAX_UPLOAD_BYTES ? PROBLEM_TEXT.tooLarge : file.size === 0 ? PROBLEM_TEXT.unreadable : null;
    if (local) {
      setProblem(local);
      return;
    }
    await run(async () => {
      try {
        const answer = await dataProvider.importStores(file);
        setResult(answer);
        if (answer.created > 0) refresh();
      } catch (error) {
        // a file the server refuses says what is wrong with it in the dialog; anything else is notified
        const refused = problemOf(error);
        if (!refused) throw error;
        setProblem(refused);
      }
    });
  };

  const { download: downloadTemplate } = useDownload(() => dataProvider.storeImportTemplate(), 'stores-template.csv');

  return (
    <ModalDialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="store-import-title">
      <DialogTitle id="store-import-title">{translate('stores.import.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography color="text.secondary">{translate('stores.import.hint', { max: format.fileSize(MAX_UPLOAD_BYTES) })}</Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={downloadTemplate}>
            {translate('stores.import.template')}
          </Button>
          <FilePickButton label={translate('stores.import.choose')} accept=".csv,text/csv" busy={busy !== null} testId="store-import-input" onFile={(file) => void upload(file)} />
        </Box>
        {problem && <ReadError problem={problem} />}
        {result && <Results result={result} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </ModalDialog>
  );
}
