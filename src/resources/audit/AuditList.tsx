import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { useCallback } from 'react';
import { useCanAccess, useDataProvider, useListContext, useTranslate, type RaRecord } from 'react-admin';
import type { AuditFilter, AuditRecord } from '../../../domain/audit';
import { auditFields } from '../../../domain/schemas/audit';
import { datedFileName, useCsvDownload, type CsvFormat } from '../../components/csvDownload';
import { PageHeading } from '../../components/PageHeading';
import { CompactRows, SchemaField, SchemaList, SchemaRecordLink, useEditLink } from '../../components/schema';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { ActorText, AUDIT } from './auditShared';

const audit = (record: RaRecord) => record as AuditRecord;
const field = (source: string) => auditFields.fields.find((candidate) => candidate.source === source)!;

/** "Download CSV" of the records the filters select (`audit/export?filter=&lang=&tz=`), for who may export. */
function DownloadButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { canAccess } = useCanAccess({ resource: AUDIT, action: 'export' });
  const { filterValues } = useListContext();
  const fetchCsv = useCallback((filter: AuditFilter, format: CsvFormat) => dataProvider.exportAudit(filter, format), [dataProvider]);
  const fileName = useCallback(() => datedFileName('audit'), []);
  const { download, busy } = useCsvDownload(fetchCsv, fileName, 'audit.list.downloadError');
  if (!canAccess) return null;
  return (
    <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />} disabled={busy} onClick={() => void download(filterValues as AuditFilter)}>
      {translate('audit.list.download')}
    </Button>
  );
}

/** The phone rows: when (the link) and the action; who, what and from where. */
function AuditRows() {
  const translate = useTranslate();
  const link = useEditLink(AUDIT);
  return (
    <CompactRows<AuditRecord>
      fields={auditFields}
      label="audit.list.rows"
      line={(record, text) => (
        <>
          <SchemaRecordLink to={link(record) as string}>{text('occurredAt')}</SchemaRecordLink>
          <SchemaField field={field('action')} record={record} />
        </>
      )}
      secondary={(record) => [
        `${record.actorLabel ?? '—'} (${translate(`audit.actorTypes.${record.actorType}`)})`,
        `${translate(`audit.entities.${record.entity}`)} ${record.entityId}`,
        translate(`audit.origins.${record.origin}`),
        record.companyName,
      ]}
    />
  );
}

/**
 * /audit: the audit trail of the company's subtree (provider staff: everyone's), newest first:
 * when, who (and what kind of actor), from where, which entity and id, what was done and in which
 * company. Filtered by entity (and id: a record's timeline arrives with both), action, kind of
 * actor, actor and days; the CSV of the same filter; a row opens the record. The API never counts
 * (keyset): "N shown, more to load".
 */
export default function AuditList() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title={translate('screens.auditList')} />
      <SchemaList
        fields={auditFields}
        count
        countMore
        disableSyncWithLocation={false}
        render={{ actorLabel: (record) => <ActorText record={audit(record)} /> }}
        compact={<AuditRows />}
        actions={<DownloadButton />}
      />
    </>
  );
}
