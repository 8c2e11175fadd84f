import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { CanAccess, DataTable, useTranslate, type RaRecord } from 'react-admin';
import { generatedReportFields, type GeneratedReport } from '../../../domain/schemas/reports';
import { PageHeading } from '../../components/PageHeading';
import { CompactRows, SchemaList } from '../../components/schema';
import { GenerateReportDialog } from './GenerateReportDialog';
import { ReportDownloadButton, ReportState } from './ReportCells';
import { isReportActive, REPORTS } from './reportDefaults';

const report = (record: RaRecord) => record as GeneratedReport;

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
 * newest first, with the declared columns and filter form, the count and load more. A row's state
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
