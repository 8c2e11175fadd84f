import { Typography } from '@mui/material';
import { useCreatePath, useTranslate } from 'react-admin';
import type { AuditRecord } from '../../../domain/audit';
import { auditTimelineFilter } from '../../../domain/schemas/audit';

export const AUDIT = 'audit';

/** The audit list filtered on one entity's records: its timeline. */
export function useTimelinePath() {
  const createPath = useCreatePath();
  return (entity: string, entityId: string) => `${createPath({ resource: AUDIT, type: 'list' })}?filter=${encodeURIComponent(JSON.stringify(auditTimelineFilter(entity, entityId)))}`;
}

/** Who did it: the e-mail, key or job, and what kind of actor that is. */
export function ActorText({ record }: { record: AuditRecord }) {
  const translate = useTranslate();
  return (
    <span>
      {record.actorLabel ?? '—'}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {translate(`audit.actorTypes.${record.actorType}`)}
      </Typography>
    </span>
  );
}
