import { Button } from '@mui/material';
import { CanAccess, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AuditEntity, AuditRecord } from '../../../domain/audit';
import { auditTimelineFields } from '../../../domain/schemas/audit';
import { SchemaList, useEditLink } from '../../components/schema';
import { ActorText, AUDIT, useTimelinePath } from './auditShared';

function Timeline({ entity, entityId }: { entity: AuditEntity; entityId: string }) {
  const translate = useTranslate();
  const link = useEditLink(AUDIT);
  const timelinePath = useTimelinePath();
  return (
    <SchemaList
      fields={auditTimelineFields}
      within={{ entity, entityId }}
      title="audit.timeline.title"
      titleActions={
        <Button component={Link} to={timelinePath(entity, entityId)}>
          {translate('audit.timeline.all')}
        </Button>
      }
      perPage={10}
      link={link}
      render={{ actorLabel: (record: RaRecord) => <ActorText record={record as AuditRecord} /> }}
    />
  );
}

/**
 * A record's own audit records, newest first, each opening its audit page (a card's page: who
 * changed its expiry, when, from where). Shown only to who may read the audit trail.
 */
export function AuditTimeline({ entity, entityId }: { entity: AuditEntity; entityId: string }) {
  return (
    <CanAccess resource={AUDIT} action="list">
      <Timeline entity={entity} entityId={entityId} />
    </CanAccess>
  );
}
