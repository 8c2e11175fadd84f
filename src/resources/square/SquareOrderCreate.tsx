import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useCreatePath, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { csvLines, csvSeparatorOf } from '../../../domain/csvRead';
import { fileTooLargeMessage } from '../../../domain/messages';
import { SQUARE_LIMITS } from '../../../domain/square';
import { SQUARE_REJECTED_REASON_COLUMN, type SquareValidation } from '../../../domain/schemas/square';
import { actionErrorText } from '../../components/actionErrorText';
import { exportLanguageOf } from '../../components/csvDownload';
import { FilePickButton } from '../../components/FilePickButton';
import { fileText, fileToUpload, isCsvFile } from '../../components/fileReading';
import { formatFileSize, useFormat, useFormatNumber } from '../../i18n/formatMoney';
import { newIdempotencyKey } from '../../components/idempotencyKey';
import { PageHeading } from '../../components/PageHeading';
import { saveBlob } from '../../components/saveBlob';
import { BackLink } from '../../components/schema';
import { useDownload } from '../../components/useDownload';
import { HttpError, isCancelledError } from '../../dataProvider/httpError';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { draftBody, draftValid, EMPTY_DRAFT, SquareOrderFields, type SquareDraftField, type SquareOrderDraft } from './SquareOrderFields';
import { SquareValidationReport } from './SquareValidationReport';
import { rejectedLinesCsv, useSquareReason } from './squareTexts';

const ORDERS = 'square/orders';
export const TEMPLATE_FILE = 'square-recipients-template.csv';
/** The file step's limits (size, recipients), said before any file is chosen; the picker points to them. */
const FILE_HELP_ID = 'square-file-help';

/** The chosen file: refused before sending (type, size), or read as SPEC §3's file object with its separator. */
type Chosen = { name: string } & ({ refused: string } | { upload: { type: string; name: string; content: string }; separator: ';' | ','; key: string });

/** A refusal of the create call that carries the file's validation (400 SQUARE_ROWS_INVALID, 409 SQUARE_WARNINGS_NOT_ACCEPTED). */
const validationOf = (error: unknown): SquareValidation | null =>
  error instanceof HttpError && (error.code === 'SQUARE_ROWS_INVALID' || error.code === 'SQUARE_WARNINGS_NOT_ACCEPTED') ? ((error.body as { validation?: SquareValidation } | null)?.validation ?? null) : null;

/** One step of the page: its number comes from its place (no text types it, issue 43), in the reader's number format. */
function Section({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  const formatNumber = useFormatNumber();
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {formatNumber(step)}. {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * /square/orders/create (SPEC §2): the CSV template; order type, host, referent e-mail and months
 * of validity; the recipients file (CSV only, 5 MB, refused before sending otherwise), checked by
 * the server as soon as it is chosen (and again when the order type changes: the warnings depend
 * on it). The report lists every problem; the lines with errors come back as a CSV to fix.
 * "Create" stays off while errors remain or warnings are not accepted, then opens the new order.
 */
export default function SquareOrderCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const reason = useSquareReason();
  const format = useFormat();
  const [draft, setDraft] = useState<SquareOrderDraft>(EMPTY_DRAFT);
  const [touched, setTouched] = useState<ReadonlySet<SquareDraftField>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<SquareDraftField, string>>>({});
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [reading, setReading] = useState(false);
  const [validation, setValidation] = useState<SquareValidation | null>(null);
  const [checkFailed, setCheckFailed] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [creating, setCreating] = useState(false);
  const check = useRef<AbortController | null>(null);
  const { download: downloadTemplate, downloading } = useDownload(() => dataProvider.squareOrderTemplate(exportLanguageOf(locale)), TEMPLATE_FILE, 'messages.operationFailed');

  const upload = chosen && 'upload' in chosen ? chosen : null;
  // the report belongs to one file and one order type: either changing asks the server again
  useEffect(() => {
    check.current?.abort();
    setValidation(null);
    setAccepted(false);
    setCheckFailed(null);
    if (!upload || !draft.typology) return;
    const controller = new AbortController();
    check.current = controller;
    setChecking(true);
    dataProvider
      .validateSquareOrder({ typology: draftBody(draft).typology, file: upload.upload }, controller.signal)
      .then(setValidation, (error: unknown) => {
        if (!isCancelledError(error)) setCheckFailed(actionErrorText(error, 'messages.unableToReadFile'));
      })
      .finally(() => {
        if (check.current === controller) setChecking(false);
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the file (its key) and the order type decide the report, not the other fields
  }, [upload?.key, draft.typology, dataProvider]);

  const choose = async (file: File) => {
    if (!isCsvFile(file)) return setChosen({ name: file.name, refused: 'validation.fileType' });
    if (file.size > SQUARE_LIMITS.maxCsvBytes) return setChosen({ name: file.name, refused: fileTooLargeMessage(SQUARE_LIMITS.maxCsvBytes) });
    setReading(true);
    try {
      const [text, read] = await Promise.all([fileText(file), fileToUpload(file, 'text/csv')]);
      const separator = csvSeparatorOf(csvLines(text)[0] ?? '');
      // a new key per choice: the same file chosen again after an edit is checked again
      setChosen({ name: file.name, upload: read, separator, key: newIdempotencyKey() });
    } catch {
      setChosen({ name: file.name, refused: 'messages.unableToReadFile' });
    } finally {
      setReading(false);
    }
  };

  const downloadRejected = () => {
    if (!validation || !upload) return;
    const reasons = (line: number) =>
      validation.problems
        .filter((problem) => problem.line === line && problem.severity === 'error')
        .map((problem) => `${translate(`square.fields.${problem.column}`)}: ${reason(problem)}`)
        .join(' | ');
    const csv = rejectedLinesCsv(validation, upload.separator, SQUARE_REJECTED_REASON_COLUMN, reasons);
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), upload.name.replace(/(\.csv)?$/i, '-to-fix.csv'));
  };

  const change = (field: SquareDraftField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _, ...rest }) => rest);
  };

  const warnings = validation?.warningCount ?? 0;
  // the file decides whether Create is on; an order field still wrong says so when Create is pressed
  const fileReady = Boolean(upload && validation && !checking && validation.errorCount === 0 && validation.validCount > 0 && (warnings === 0 || accepted));

  const create = async () => {
    if (!upload || !fileReady) return;
    if (!draftValid(draft)) {
      setTouched(new Set(Object.keys(EMPTY_DRAFT) as SquareDraftField[]));
      return;
    }
    setCreating(true);
    try {
      const order = await dataProvider.createSquareOrder({ ...draftBody(draft), file: upload.upload, acceptWarnings: accepted }, upload.key);
      notify('square.create.created', { type: 'success' });
      navigate(createPath({ resource: ORDERS, type: 'edit', id: order.id }));
    } catch (error) {
      const refused = validationOf(error);
      if (refused) {
        // the file met a new problem since the check (a recipient got a live code meanwhile): the report shows it
        setValidation(refused);
        setAccepted(false);
      }
      const fields = error instanceof HttpError && error.code === 'VALIDATION_ERROR' ? ((error.body as { errors?: Record<string, string> } | null)?.errors ?? {}) : {};
      setServerErrors(Object.fromEntries(Object.entries(fields).filter(([field]) => field in EMPTY_DRAFT)));
      const text = actionErrorText(error, 'messages.unableToPerformAction');
      if (text) notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setCreating(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 1000, minWidth: 0 }}>
      <BackLink resource={ORDERS} label="square.create.back" />
      <PageHeading title={translate('screens.squareOrderCreate')} />
      <Section step={1} title={translate('square.create.templateTitle')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('square.create.templateHelp', { amount: format.cents(SQUARE_LIMITS.maxAmountCents) })}
        </Typography>
        <Button variant="outlined" startIcon={downloading ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />} disabled={downloading} onClick={downloadTemplate}>
          {translate('square.create.template')}
        </Button>
      </Section>
      <Section step={2} title={translate('square.create.orderTitle')}>
        <SquareOrderFields draft={draft} touched={touched} serverErrors={serverErrors} onChange={change} onTouch={(field) => setTouched((current) => new Set(current).add(field))} />
      </Section>
      <Section step={3} title={translate('square.create.fileTitle')}>
        <Typography id={FILE_HELP_ID} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('square.create.fileHelp', { max: formatFileSize(SQUARE_LIMITS.maxCsvBytes, locale), smart_count: SQUARE_LIMITS.maxRows })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <FilePickButton label={translate(chosen ? 'square.create.chooseOther' : 'square.create.choose')} accept=".csv,text/csv" busy={reading} icon={<UploadFileIcon />} onFile={(file) => void choose(file)} />
          {chosen && <Typography sx={{ overflowWrap: 'anywhere' }}>{translate('square.create.chosen', { name: chosen.name })}</Typography>}
        </Box>
        {chosen && 'refused' in chosen && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {translate(chosen.refused)}
          </Alert>
        )}
        {upload && !draft.typology && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('square.create.needTypology')}
          </Alert>
        )}
        {checking && (
          <Alert severity="info" role="status" icon={<CircularProgress size={18} />} sx={{ mt: 2 }}>
            {translate('square.create.checking')}
          </Alert>
        )}
        {checkFailed && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {checkFailed}
          </Alert>
        )}
      </Section>
      {validation && !checking && <SquareValidationReport validation={validation} accepted={accepted} onAccept={setAccepted} onDownloadRejected={downloadRejected} />}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', my: 2 }}>
        <Button variant="contained" size="large" disabled={!fileReady || creating} startIcon={creating ? <CircularProgress size={16} color="inherit" /> : undefined} onClick={() => void create()}>
          {translate('square.create.submit')}
        </Button>
      </Box>
    </Box>
  );
}
