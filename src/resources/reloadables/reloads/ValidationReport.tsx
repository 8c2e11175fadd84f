import { Alert, AlertTitle, Box, Button, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReloadRowError, ReloadValidation } from '../../../../domain/reloadables';
import { FigureGrid } from '../../../components/FigureGrid';
import { useFormatNumber } from '../../../i18n/formatMoney';
import { useFormatCents } from '../../../components/MoneyField';
import { RowsTable } from '../../../components/RowsTable';
import { useReasonText } from './reloadTexts';
import { ScrollRegion } from '../../../components/ScrollRegion';


/** The distinct rows that have at least one error (a row may be wrong in two fields), in order. */
const badRows = (errors: ReloadRowError[]) => [...new Set(errors.filter((error) => error.field !== 'file').map((error) => error.row))].sort((a, b) => a - b);
/** The identity of a set of bad rows (their row numbers), to tell whether a new check found the same ones. */
export const badRowsKey = (errors: ReloadRowError[]): string => badRows(errors).join(',');

export const fileErrorsOf = (errors: ReloadRowError[]) => errors.filter((error) => error.field === 'file');

/**
 * What the server found in the selection or file before anything runs (SPEC §2): how many
 * reloads, their total, the plafond available and what it lacks; the bad rows with row, field
 * and reason, and the one way past them: leave them out (only the good rows are then sent).
 */
export function ValidationReport({
  validation,
  dropped,
  onDrop,
  rowLabel,
  cardOf,
}: {
  validation: ReloadValidation;
  dropped: boolean;
  onDrop: () => void;
  /** i18n key of the row column: a file's line or a selection's position */
  rowLabel: string;
  /** the card number a row stands for, when the screen knows it */
  cardOf?: (row: number) => string | undefined;
}) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const formatNumber = useFormatNumber();
  const reason = useReasonText();
  const rowErrors = validation.errors.filter((error) => error.field !== 'file');
  // the server reports the first RELOAD_LIMITS.maxReportedErrors errors and the number of them all
  const bad = validation.badRows;
  const listed = rowErrors;
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-label={translate('reloads.report.title')}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('reloads.report.title')}
      </Typography>
      <FigureGrid
        strong
        role="status"
        sx={{ mb: 2 }}
        figures={[
          { label: translate('reloads.report.count'), value: String(validation.count) },
          { label: translate('reloads.report.total'), value: formatCents(validation.totalCents) },
          { label: translate('reloads.report.available'), value: formatCents(validation.availableCents) },
          { label: translate('reloads.report.shortfall'), value: formatCents(validation.shortfallCents), tone: validation.shortfallCents > 0 ? 'error' : undefined },
        ]}
      />
      {validation.shortfallCents > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('reloads.report.shortfallText', { shortfall: formatCents(validation.shortfallCents) })}
        </Alert>
      )}
      {bad > 0 && !dropped && (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          action={
            validation.rows.length > 0 ? (
              <Button color="inherit" size="small" onClick={onDrop}>
                {translate('reloads.report.drop', { smart_count: bad })}
              </Button>
            ) : undefined
          }
        >
          {translate(validation.rows.length > 0 ? 'reloads.report.badRows' : 'reloads.report.allBad', { smart_count: bad })}
        </Alert>
      )}
      {bad > 0 && dropped && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('reloads.report.dropped', { smart_count: bad })}
        </Alert>
      )}
      {!dropped && listed.length > 0 && (
        <ScrollRegion label={translate('reloads.report.errorsTable')}>
          <RowsTable
            label={translate('reloads.report.errorsTable')}
            columns={[translate(rowLabel), ...(cardOf ? [translate('reloads.fields.cardNumber')] : []), translate('reloads.report.field'), translate('reloads.report.reason')]}
            rows={listed.map((error, index) => ({
              key: `${error.row}-${error.field}-${index}`,
              cells: [formatNumber(error.row), ...(cardOf ? [cardOf(error.row) ?? ''] : []), translate(`reloads.fields.${error.field}`), reason(error.code)],
            }))}
          />
          {validation.errorCount > listed.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('reloads.report.moreErrors', { smart_count: validation.errorCount - listed.length })}
            </Typography>
          )}
        </ScrollRegion>
      )}
    </Paper>
  );
}

/**
 * SPEC §8's "Error reading file": the file could not be read at all (not a CSV, no header, no
 * rows, unreadable bytes), with the reasons the server gave and the way out (the template).
 */
export function FileReadError({ reasons, onTemplate }: { reasons: string[]; onTemplate?: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ my: 2 }}
      action={
        onTemplate ? (
          <Button color="inherit" size="small" onClick={onTemplate}>
            {translate('reloads.csv.template')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{translate('messages.errorReadingFile')}</AlertTitle>
      {translate('messages.unableToReadFile')}
      {reasons.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }}>
          {reasons.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
