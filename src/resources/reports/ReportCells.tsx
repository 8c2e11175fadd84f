import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { reportDownloadable } from '../../../domain/reports';
import { generatedReportFields, type GeneratedReport } from '../../../domain/schemas/reports';
import { saveBlob } from '../../components/saveBlob';
import { SchemaField } from '../../components/schema';
import { useFormat } from '../../i18n/formatMoney';
import { useNotifyError } from '../../components/useNotifyError';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { hasTranslation } from '../../i18n/i18n';
import { REPORTS, reportFileName } from './reportDefaults';

const stateField = generatedReportFields.fields.find((field) => field.source === 'state')!;

/** Why a generation failed: the SPEC §8 text of its code (never the server's own words). */
function useFailureText() {
  const translate = useTranslate();
  return (code: string | null) => translate(code && hasTranslation(`errors.codes.${code}`) ? `errors.codes.${code}` : 'errors.generic');
}

/**
 * The state of a generated report: its SPEC §4 badge, and what the state means for the user — the
 * progress while running (a determinate bar with its percentage, named for screen readers), the
 * reason of a failure, the file gone once expired.
 */
export function ReportState({ report }: { report: GeneratedReport }) {
  const translate = useTranslate();
  const format = useFormat();
  const failure = useFailureText();
  const percent = Math.max(0, Math.min(100, report.progress));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, minWidth: 140 }}>
      <SchemaField field={stateField} record={report} />
      {report.state === 'running' && (
        <Box sx={{ width: '100%', display: 'flex', alignItems: 'center', gap: 1 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={translate('reports.list.progress', { name: translate(`reports.types.${report.reportId}.name`) })}
            sx={{ flex: 1, height: 6, borderRadius: 3, minWidth: 80 }}
          />
          <Typography variant="caption" color="text.secondary">
            {format.percent(percent)}
          </Typography>
        </Box>
      )}
      {report.state === 'failed' && (
        <Typography variant="caption" color="error" data-testid="report-failure">
          {failure(report.errorCode)}
        </Typography>
      )}
      {report.state === 'expired' && (
        <Typography variant="caption" color="text.secondary">
          {translate('reports.list.expiredNote')}
        </Typography>
      )}
    </Box>
  );
}

/** "Download" on a ready report, for who may download: the CSV saved as report_{id}.csv. */
export function ReportDownloadButton({ report }: { report: GeneratedReport }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const notifyError = useNotifyError();
  const { canAccess } = useCanAccess({ resource: REPORTS, action: 'download' });
  const [busy, setBusy] = useState(false);
  if (!canAccess || !reportDownloadable(report.state)) return null;
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await dataProvider.downloadReport(report.id), reportFileName(report.id));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={(event) => {
        // the row itself opens nothing, but keep the click to the button
        event.stopPropagation();
        void download();
      }}
      aria-label={translate('reports.list.downloadNamed', { file: reportFileName(report.id) })}
    >
      {translate('reports.list.download')}
    </Button>
  );
}
