import { sql } from 'drizzle-orm';
import { knownLanguage } from '../../../domain/constants';
import type { NotificationSettings, NotificationSettingsBody } from '../../../domain/reloadables';
import { queryRows, type Db } from '../../db/client';
import { escapeLike } from '../../lib/like';
import type { EmailTemplate } from '../../mail/templates';

/** A company's notification settings, as stored; a company that never saved any reads as all off. */
export interface StoredSettings extends NotificationSettingsBody {
  lowBalanceNotified: boolean;
  lastStatementMonth: string | null;
  updatedAt: string | null;
}

interface SettingsRow {
  recipients: string[] | string;
  low_balance_enabled: boolean;
  low_balance_threshold_cents: string | number;
  run_completed_enabled: boolean;
  run_failed_enabled: boolean;
  monthly_statement_enabled: boolean;
  low_balance_notified: boolean;
  last_statement_month: string | null;
  updated_at: Date | string | null;
}

export const DEFAULT_SETTINGS: StoredSettings = {
  recipients: [],
  lowBalanceEnabled: false,
  lowBalanceThresholdCents: 0,
  runCompletedEnabled: false,
  runFailedEnabled: false,
  monthlyStatementEnabled: false,
  lowBalanceNotified: false,
  lastStatementMonth: null,
  updatedAt: null,
};

function toStored(row: SettingsRow): StoredSettings {
  return {
    recipients: typeof row.recipients === 'string' ? (JSON.parse(row.recipients) as string[]) : row.recipients,
    lowBalanceEnabled: row.low_balance_enabled,
    lowBalanceThresholdCents: Number(row.low_balance_threshold_cents),
    runCompletedEnabled: row.run_completed_enabled,
    runFailedEnabled: row.run_failed_enabled,
    monthlyStatementEnabled: row.monthly_statement_enabled,
    lowBalanceNotified: row.low_balance_notified,
    lastStatementMonth: row.last_statement_month,
    updatedAt: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
  };
}

/** The stored row (null: never saved); `forUpdate` locks it, so a check-then-mark runs once per crossing. */
export async function storedSettings(db: Db, companyId: string, forUpdate = false): Promise<StoredSettings | null> {
  const [row] = await queryRows<SettingsRow>(
    db,
    sql`SELECT recipients, low_balance_enabled, low_balance_threshold_cents, run_completed_enabled, run_failed_enabled, monthly_statement_enabled,
          low_balance_notified, last_statement_month, updated_at
        FROM reload_notification_settings WHERE company_id = ${companyId} ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row ? toStored(row) : null;
}

export function toSettings(companyId: string, stored: StoredSettings): NotificationSettings {
  return {
    id: companyId,
    companyId,
    recipients: stored.recipients,
    lowBalanceEnabled: stored.lowBalanceEnabled,
    lowBalanceThresholdCents: stored.lowBalanceThresholdCents,
    runCompletedEnabled: stored.runCompletedEnabled,
    runFailedEnabled: stored.runFailedEnabled,
    monthlyStatementEnabled: stored.monthlyStatementEnabled,
    updatedAt: stored.updatedAt,
  };
}

/**
 * Saves the settings (recipients lower-cased, duplicates dropped). A new threshold or a switch
 * turned on re-arms the low-balance mail: the next check decides afresh against the new figure.
 */
export async function saveSettings(db: Db, companyId: string, body: NotificationSettingsBody, userId: string | null): Promise<void> {
  const recipients = [...new Set(body.recipients.map((r) => r.trim().toLowerCase()))];
  await db.execute(sql`
    INSERT INTO reload_notification_settings AS s (company_id, recipients, low_balance_enabled, low_balance_threshold_cents, run_completed_enabled,
        run_failed_enabled, monthly_statement_enabled, updated_at, updated_by)
    VALUES (${companyId}, ${JSON.stringify(recipients)}::jsonb, ${body.lowBalanceEnabled}, ${body.lowBalanceThresholdCents}, ${body.runCompletedEnabled},
        ${body.runFailedEnabled}, ${body.monthlyStatementEnabled}, now(), ${userId})
    ON CONFLICT (company_id) DO UPDATE SET recipients = EXCLUDED.recipients, low_balance_enabled = EXCLUDED.low_balance_enabled,
      low_balance_threshold_cents = EXCLUDED.low_balance_threshold_cents, run_completed_enabled = EXCLUDED.run_completed_enabled,
      run_failed_enabled = EXCLUDED.run_failed_enabled, monthly_statement_enabled = EXCLUDED.monthly_statement_enabled,
      low_balance_notified = CASE WHEN s.low_balance_threshold_cents <> EXCLUDED.low_balance_threshold_cents OR NOT s.low_balance_enabled
        THEN FALSE ELSE s.low_balance_notified END,
      updated_at = now(), updated_by = EXCLUDED.updated_by`);
}

/** Who gets a company's notifications: the listed addresses, else the company's referent (with their language). */
export async function recipientsOf(db: Db, companyId: string, settings: StoredSettings): Promise<{ to: string[]; language: string; companyName: string }> {
  const [company] = await queryRows<{ name: string; email: string | null; language: string | null }>(
    db,
    sql`SELECT c.name, u.email, u.language FROM companies c LEFT JOIN users u ON u.id = c.referent_user_id WHERE c.id = ${companyId}`,
  );
  if (!company) return { to: [], language: 'it', companyName: '' };
  const language = knownLanguage(company.language);
  if (settings.recipients.length > 0) return { to: settings.recipients, language, companyName: company.name };
  return { to: company.email ? [company.email] : [], language, companyName: company.name };
}

/** The low-balance mail sent for the current crossing (true), or re-armed (false). */
export async function markLowBalanceNotified(tx: Db, companyId: string, notified: boolean): Promise<void> {
  await tx.execute(sql`UPDATE reload_notification_settings SET low_balance_notified = ${notified} WHERE company_id = ${companyId}`);
}

/** A run that ended, as its "done" or "failed" mail tells it. */
export interface FinishedRun {
  number: string;
  company_id: string;
  state: string;
  scheduled_at: Date | string | null;
  row_count: number;
  credited_count: number;
  credited_cents: string | number;
  /** rows refused at run time (DELETED with a reason) */
  refused: number;
}

/** The run, locked (FOR UPDATE): two callers deciding whether to mail it take turns. */
export async function finishedRunToTell(tx: Db, runId: string): Promise<FinishedRun | undefined> {
  const [run] = await queryRows<FinishedRun>(
    tx,
    sql`SELECT r.number, r.company_id, r.state, r.scheduled_at, r.row_count, r.credited_count, r.credited_cents,
          (SELECT count(*)::int FROM reload_rows x WHERE x.run_id = r.id AND x.state = 'DELETED' AND x.reason IS NOT NULL) AS refused
        FROM reload_runs r WHERE r.id = ${runId} FOR UPDATE OF r`,
  );
  return run;
}

/** Whether the outbox holds a `template` mail of this run already (the run's number is in its subject). */
export async function runMailQueued(tx: Db, template: EmailTemplate, runNumber: string): Promise<boolean> {
  const pattern = `%${escapeLike(runNumber)}%`;
  const sent = await queryRows(tx, sql`SELECT 1 FROM email_outbox WHERE template = ${template} AND subject LIKE ${pattern} LIMIT 1`);
  return sent.length > 0;
}

/** Companies that asked for the monthly statement and have not had `month`'s (YYYY-MM), by id. */
export async function companiesDueStatement(db: Db, month: string): Promise<string[]> {
  const due = await queryRows<{ company_id: string }>(
    db,
    sql`SELECT company_id FROM reload_notification_settings
        WHERE monthly_statement_enabled AND (last_statement_month IS NULL OR last_statement_month < ${month}) ORDER BY company_id`,
  );
  return due.map((row) => row.company_id);
}

/** `month`'s statement sent to the company (a retried job sends it no more). */
export async function markStatementSent(tx: Db, companyId: string, month: string): Promise<void> {
  await tx.execute(sql`UPDATE reload_notification_settings SET last_statement_month = ${month} WHERE company_id = ${companyId}`);
}
