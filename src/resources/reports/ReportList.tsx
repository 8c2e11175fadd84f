import AddIcon from '@mui/icons-material/Add';
import { Box, Button, MenuItem } from '@mui/material';
import { useState } from 'react';
import { CanAccess, DataTable, useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { generatedReportFields, type GeneratedReport } from '../../../domain/schemas/reports';
import { FormSelectField } from '../../components/FormSelectField';
import { PageHeading } from '../../components/PageHeading';
import { CompactRows, SchemaList } from '../../components/schema';
import { GenerateReportDialog } from './GenerateReportDialog';
import { useOfferedReportTypes } from './offeredTypes';
import { ReportDownloadButton, ReportState } from './ReportCells';
import { isReportActive, REPORTS } from './reportDefaults';

const report = (record: RaRecord) => record as GeneratedReport;

/**
 * The type filter: the types the API offers the user (those whose data they may read), as the
 * generate dialog offers them — the list holds no other (the server leaves them out). A type
 * already in the filter (from a link, or before the offer has loaded) stays shown as chosen.
 */
function ReportTypeFilter() {
  const translate = useTranslate();
  const { types } = useOfferedReportTypes();
  const chosen = useWatch({ name: 'reportId' }) as string | undefined;
  const ids = types.map((type) => type.id as string);
  if (chosen && !ids.includes(chosen)) ids.push(chosen);
  return (
    <FormSelectField name="reportId" label={translate('reports.filters.reportId')} size="small" slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
      <MenuItem value="">{translate('reports.filters.anyType')}</MenuItem>
      {ids.map((id) => (
        <MenuItem key={id} value={id}>
          {translate(`reports.types.${id}.name`)}
        </MenuItem>
      ))}
    </FormSelectField>
  );
}

/** The phone rows: name and state, the parameters and when, then the progress or the download. */
function ReportRows() {
  const translate = useTranslate();
  return (
    <CompactRows<GeneratedReport>
      fields={generatedReportFields}
      label="screens.reportList"
      line={(record) => <strong>{translate(`reports.types.${record.reportId}.name`)}</strong>}
      secondary={(record, text) => [record.parametersText, text('createdAt'), record.requestedByName]}
      below={(record) => (
        <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
          <ReportState report={record} />
          <ReportDownloadButton report={record} />
        </Box>
      )}
    />
  );
}

/**
 * /report/list (SPEC §2; /report redirects here): the generated reports of the company's subtree,
 * newest first (only the types whose data the user may read: the API), with the declared columns
 * and filter form (its type filter offering the API's types), the count and load more. A row's state
 * says what the job is doing (its progress, why it failed, the file gone); a ready one downloads as
 * report_{id}.csv. While a report is queued or running the list asks again every 2 s, and stops
 * once none is. "Generate report" opens the dialog that starts one.
 */
export default function ReportList() {
  const translate = useTranslate();
  const [generating, setGenerating] = useState(false);
  return (
    <>
      <PageHeading title={translate('screens.reportList')} />
      <SchemaList
        fields={generatedReportFields}
        count
        countMore
        rowClick={false}
        link={false}
        pollWhile={(record) => isReportActive(report(record))}
        pollMs={2000}
        disableSyncWithLocation={false}
        // the type's name in the reader's language (the record keeps the requester's)
        render={{ name: (record) => translate(`reports.types.${report(record).reportId}.name`), state: (record) => <ReportState report={report(record)} /> }}
        filterInputs={{ reportId: <ReportTypeFilter /> }}
        columns={<DataTable.Col source="id" label="reports.list.actions" disableSort render={(record: RaRecord) => <ReportDownloadButton report={report(record)} />} />}
        compact={<ReportRows />}
        actions={
          <CanAccess resource={REPORTS} action="create">
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setGenerating(true)}>
              {translate('reports.generate.open')}
            </Button>
          </CanAccess>
        }
      >
        {generating && <GenerateReportDialog onClose={() => setGenerating(false)} />}
      </SchemaList>
    </>
  );
}
