import TimelineIcon from '@mui/icons-material/Timeline';
import { Box, Button, CircularProgress, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ShowBase, useLocaleState, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AuditChange, AuditRecord } from '../../../domain/audit';
import { formatCents } from '../../../domain/format';
import { auditFields } from '../../../domain/schemas/audit';
import { PageHeading } from '../../components/PageHeading';
import { BackLink, RecordLoadError, SchemaShowFields } from '../../components/schema';
import { AUDIT, useTimelinePath } from './auditShared';
import { ScrollRegion } from '../../components/ScrollRegion';

/**
 * A recorded value as text: none as "(empty)", money fields (`…Cents`, integer cents) as money in
 * the user's language, flags in words, anything structured as its JSON; the rest as stored (ids
 * and numbers are not regrouped: a progressive is no count).
 */
export function changeValueText(field: string, value: unknown, language: string, translate: (key: string) => string): string {
  if (value === null || value === undefined || value === '') return translate('audit.detail.empty');
  if (typeof value === 'number' && /cents$/i.test(field) && Number.isInteger(value)) return formatCents(value, language);
  if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The changed fields: field, before, after (a creation has no before, a deletion no after). */
function Changes({ changes }: { changes: AuditChange[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const text = (change: AuditChange, value: unknown) => changeValueText(change.field, value, locale, translate);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="audit-changes-title" sx={{ p: { xs: 2, sm: 3 }, mt: 3, minWidth: 0 }}>
      <Typography id="audit-changes-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('audit.detail.changes')}
      </Typography>
      {changes.length === 0 ? (
        <Typography color="text.secondary">{translate('audit.detail.noChanges')}</Typography>
      ) : (
        // a long value wraps; the table scrolls inside its box rather than widening a phone's page
        <ScrollRegion labelledBy="audit-changes-title">
          <Table size="small" aria-labelledby="audit-changes-title">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {translate('audit.detail.field')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {translate('audit.detail.before')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {translate('audit.detail.after')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changes.map((change) => (
                <TableRow key={change.field}>
                  <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                    {change.field}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{text(change, change.before)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{text(change, change.after)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </Paper>
  );
}

function AuditContent() {
  const translate = useTranslate();
  const timelinePath = useTimelinePath();
  const { isPending, error, refetch } = useShowContext<AuditRecord>();
  const record = useRecordContext<AuditRecord>();
  if (error && !record) return <RecordLoadError error={error} refetch={refetch} title="audit.detail.notFoundTitle" message="audit.detail.notFound" heading={false} />;
  // a list row may stand in for the record until it arrives: wait for the changes
  if (isPending || !record || !Array.isArray(record.changes)) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  return (
    <>
      <Paper variant="outlined" component="section" aria-label={translate('audit.detail.record')} sx={{ p: { xs: 2, sm: 3 } }}>
        <SchemaShowFields fields={auditFields} />
      </Paper>
      <Changes changes={record.changes} />
      <Button component={Link} to={timelinePath(record.entity, record.entityId)} startIcon={<TimelineIcon />} sx={{ mt: 2 }}>
        {translate('audit.detail.timeline', { entity: translate(`audit.entities.${record.entity}`) })}
      </Button>
    </>
  );
}

/**
 * /audit/{id}: every field of the record (when, who and what kind of actor, origin, address,
 * request id, company, entity and id, action, operation), the table of its changes, and the link to
 * its entity's timeline (the audit list filtered by entity and id).
 */
export default function AuditShow() {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <BackLink resource={AUDIT} label="audit.detail.back" />
      <PageHeading title={translate('screens.auditDetail')} />
      <ShowBase<AuditRecord> resource={AUDIT}>
        <AuditContent />
      </ShowBase>
    </Box>
  );
}
