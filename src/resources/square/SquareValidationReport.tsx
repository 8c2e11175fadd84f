import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Checkbox, FormControlLabel, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SquareValidation } from '../../../domain/schemas/square';
import { FigureGrid } from '../../components/FigureGrid';
import { useFormatNumber } from '../../i18n/formatMoney';
import { useFormatCents } from '../../components/MoneyField';
import { RowsTable } from '../../components/RowsTable';
import { ScrollRegion } from '../../components/ScrollRegion';
import { columnLabelKey, useSquareReason, type SquareProblem } from './squareTexts';

/** How many problems a table lists before "show all": a file of 10,000 bad lines stays a page, and every problem is one click away. */
const LISTED = 200;

function ProblemTable({ problems, severity }: { problems: SquareProblem[]; severity: 'error' | 'warning' }) {
  const translate = useTranslate();
  const formatNumber = useFormatNumber();
  const reason = useSquareReason();
  const [all, setAll] = useState(false);
  const title = translate(severity === 'error' ? 'square.create.errorsTitle' : 'square.create.warningsTitle', { smart_count: problems.length });
  const listed = all ? problems : problems.slice(0, LISTED);
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Alert severity={severity} sx={{ my: 1 }}>
        {translate(severity === 'error' ? 'square.create.errorsText' : 'square.create.warningsText')}
      </Alert>
      <ScrollRegion label={title}>
        <RowsTable
          label={title}
          columns={[translate('square.create.line'), translate('square.create.column'), translate('square.create.reason')]}
          rows={listed.map((problem, index) => ({ key: `${problem.line}-${problem.column}-${index}`, cells: [formatNumber(problem.line), translate(columnLabelKey(problem.column)), reason(problem)] }))}
        />
      </ScrollRegion>
      {listed.length < problems.length && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setAll(true)}>
          {translate('square.create.showAll', { smart_count: problems.length })}
        </Button>
      )}
    </Box>
  );
}

/**
 * What the file would make (POST orders/validate): how many codes, their total, whether the order
 * will wait for approval; every problem by line, column and reason, errors and warnings apart;
 * the lines with errors as a CSV to fix; and, when there are warnings, the explicit acceptance
 * the order needs.
 */
export function SquareValidationReport({
  validation,
  accepted,
  onAccept,
  onDownloadRejected,
}: {
  validation: SquareValidation;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
  onDownloadRejected: () => void;
}) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const formatNumber = useFormatNumber();
  const errors = validation.problems.filter((problem) => problem.severity === 'error');
  const warnings = validation.problems.filter((problem) => problem.severity === 'warning');
  const hasRejected = Object.keys(validation.rejected).length > 0;
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-label={translate('square.create.reportTitle')}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('square.create.reportTitle')}
      </Typography>
      <FigureGrid
        strong
        role="status"
        figures={[
          { label: translate('square.create.validCount'), value: formatNumber(validation.validCount) },
          { label: translate('square.create.total'), value: formatCents(validation.totalAmountCents) },
          { label: translate('square.create.approval'), value: translate(validation.approvalRequired ? 'square.create.approvalRequired' : 'square.create.approvalNotRequired') },
        ]}
      />
      {hasRejected && (
        <Button variant="outlined" startIcon={<DownloadIcon />} sx={{ mt: 2 }} onClick={onDownloadRejected}>
          {translate('square.create.downloadRejected')}
        </Button>
      )}
      {errors.length > 0 && <ProblemTable problems={errors} severity="error" />}
      {warnings.length > 0 && (
        <>
          <ProblemTable problems={warnings} severity="warning" />
          <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={accepted} onChange={(event) => onAccept(event.target.checked)} />} label={translate('square.create.acceptWarnings')} />
        </>
      )}
    </Paper>
  );
}
