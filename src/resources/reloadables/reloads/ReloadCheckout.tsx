import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ReloadRunDetail, ReloadValidation, ValidateReloadsBody } from '../../../../domain/reloadables';
import { actionErrorText } from '../../../components/actionErrorText';
import { newIdempotencyKey } from '../../../components/idempotencyKey';
import { HttpError, isCancelledError } from '../../../dataProvider/httpError';
import type { TesseraDataProvider } from '../../../dataProvider/types';
import { RunConfirmDialog } from './RunConfirmDialog';
import { rowErrorsOf, withRefusedRows } from './rowsInvalid';
import { useReasonText } from './reloadTexts';
import { badRowsKey, FileReadError, fileErrorsOf, ValidationReport } from './ValidationReport';

/** What a tab hands over once its input is complete: what to check, and its identity (a new one makes the last check stale). */
export interface ReloadDraft {
  source: 'MANUAL' | 'CSV';
  fileName?: string;
  input: { rows: NonNullable<Extract<ValidateReloadsBody, { rows: unknown }>['rows']> } | { file: { type: string; name: string; content: string } };
  key: string;
}

type Check = { key: string; result: ReloadValidation } | { key: string; failure: unknown };

/** A refusal that means the file itself could not be read (SPEC §8 "Error reading file"). */
const isUnreadable = (error: unknown) => error instanceof HttpError && (error.code === 'FILE_UNREADABLE' || error.code === 'FILE_TYPE' || error.code === 'FILE_TOO_LARGE');

/**
 * The part both tabs share: the server's check of the input (nothing written), the report, and
 * the run. Nothing can run until the check is current (same input, same schedule), clean or its
 * bad rows left out, and the plafond covers the total; then a confirmation, one Idempotency-Key
 * per confirmation, and `createReloads` with the good rows only.
 */
export function ReloadCheckout({
  draft,
  scheduledAt,
  scheduleValid,
  autoCheck = false,
  rowLabel,
  cardOf,
  onTemplate,
  onDone,
}: {
  draft: ReloadDraft | null;
  scheduledAt?: string;
  scheduleValid: boolean;
  autoCheck?: boolean;
  rowLabel: string;
  cardOf?: (row: number) => string | undefined;
  onTemplate?: () => void;
  onDone: (run: ReloadRunDetail) => void;
}) {
  const translate = useTranslate();
  const reason = useReasonText();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [check, setCheck] = useState<Check | null>(null);
  const [checking, setChecking] = useState(false);
  // which bad rows of which input the user chose to leave out: a new check of the same input
  // with the same bad rows (another schedule) keeps the choice; other bad rows ask again
  const [droppedRows, setDroppedRows] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ key: string; busy: boolean; error: string | null } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const currentKey = draft && scheduleValid ? `${draft.key}|${scheduledAt ?? ''}` : null;

  const runCheck = useCallback(async () => {
    if (!draft || !currentKey) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setChecking(true);
    try {
      const result = await dataProvider.validateReloads({ ...draft.input, ...(scheduledAt ? { scheduledAt } : {}) } as ValidateReloadsBody, controller.signal);
      setCheck({ key: currentKey, result });
    } catch (failure) {
      if (!isCancelledError(failure)) setCheck({ key: currentKey, failure });
    } finally {
      if (abort.current === controller) setChecking(false);
    }
  }, [dataProvider, draft, currentKey, scheduledAt]);

  useEffect(() => {
    if (autoCheck && currentKey) void runCheck();
  }, [autoCheck, currentKey]); // eslint-disable-line react-hooks/exhaustive-deps -- a new input or schedule is what triggers the check
  useEffect(() => () => abort.current?.abort(), []);

  const current = check && check.key === currentKey ? check : null;
  const result = current && 'result' in current ? current.result : null;
  const fileErrors = result ? fileErrorsOf(result.errors) : [];
  const bad = result ? result.badRows : 0;
  const dropKey = result && draft ? `${draft.key}|${result.badRows}|${badRowsKey(result.errors)}` : null;
  const dropped = bad > 0 && dropKey !== null && droppedRows === dropKey;
  const runnable = !!result && fileErrors.length === 0 && result.rows.length > 0 && (bad === 0 || dropped) && result.shortfallCents === 0;

  const create = async () => {
    if (!result || !draft || !confirm) return;
    setConfirm({ ...confirm, busy: true, error: null });
    try {
      const run = await dataProvider.createReloads(
        {
          source: draft.source,
          ...(draft.fileName ? { fileName: draft.fileName } : {}),
          ...(scheduledAt ? { scheduledAt } : {}),
          rows: result.rows.map((row) => ({ cardId: row.cardId, amountCents: row.amountCents, row: row.row })),
        },
        confirm.key,
      );
      setConfirm(null);
      onDone(run);
    } catch (error) {
      const refused = rowErrorsOf(error);
      if (refused && refused.length > 0 && current) {
        setCheck({ key: current.key, result: withRefusedRows(result, refused) });
        setConfirm(null);
        return;
      }
      setConfirm((open) => open && { ...open, busy: false, error: actionErrorText(error, 'messages.operationFailed') });
    }
  };

  const failure = current && 'failure' in current ? current.failure : null;
  const needsCheck = !!draft && scheduleValid && !current;
  return (
    <Box>
      {checking && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 2 }} role="status">
          <CircularProgress size={20} />
          {translate('reloads.report.checking')}
        </Box>
      )}
      {!checking && needsCheck && (
        <Button variant="outlined" startIcon={<FactCheckIcon />} onClick={() => void runCheck()} sx={{ my: 1 }}>
          {translate(check ? 'reloads.report.checkAgain' : 'reloads.report.check')}
        </Button>
      )}
      {!checking && failure != null &&
        (isUnreadable(failure) ? (
          <FileReadError reasons={[]} onTemplate={onTemplate} />
        ) : (
          <Alert severity="error" role="alert" sx={{ my: 2 }}>
            {actionErrorText(failure, 'messages.operationFailed')}
          </Alert>
        ))}
      {!checking && result && fileErrors.length > 0 && <FileReadError reasons={fileErrors.map((error) => reason(error.code))} onTemplate={onTemplate} />}
      {!checking && result && fileErrors.length === 0 && (
        <>
          <ValidationReport validation={result} dropped={dropped} onDrop={() => setDroppedRows(dropKey)} rowLabel={rowLabel} cardOf={cardOf} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="contained" startIcon={<PlayArrowIcon />} disabled={!runnable} onClick={() => setConfirm({ key: newIdempotencyKey(), busy: false, error: null })}>
              {translate(scheduledAt ? 'reloads.run.plan' : 'reloads.run.now')}
            </Button>
          </Box>
        </>
      )}
      {confirm && result && (
        <RunConfirmDialog
          count={result.count}
          totalCents={result.totalCents}
          scheduledAt={scheduledAt}
          busy={confirm.busy}
          error={confirm.error}
          onConfirm={() => void create()}
          onClose={() => setConfirm(null)}
        />
      )}
    </Box>
  );
}
