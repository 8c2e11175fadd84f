import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents, type AuditKind } from '../../db/schema';

export interface AuditInput {
  kind: AuditKind;
  actorUserId?: string | null;
  subject?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Db, event: AuditInput): Promise<void> {
  await db.insert(auditEvents).values({
    kind: event.kind,
    actorUserId: event.actorUserId ?? null,
    subject: event.subject ?? null,
    ip: event.ip ?? null,
    details: event.details ?? {},
  });
}

/** Events of a kind for one subject (e-mail) or address within the last `windowSeconds`. */
export async function countRecent(
  db: Db,
  kind: AuditKind,
  by: { subject: string } | { ip: string },
  windowSeconds: number,
): Promise<number> {
  const match = 'subject' in by ? eq(auditEvents.subject, by.subject) : eq(auditEvents.ip, by.ip);
  const [row] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, kind), match, gt(auditEvents.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`)));
  return Number(row?.n ?? 0);
}
