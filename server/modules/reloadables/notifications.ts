import { formatCents, numberLocale } from '../../../domain/format';
import { MONTHLY_STATEMENT_DAY, PROGRAMME_TIME_ZONE, periodOf, type NotificationSettings, type NotificationSettingsBody } from '../../../domain/reloadables';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/access';
import { enqueue } from '../../jobs/queue';
import { jobWaiting, lockScheduling } from '../../jobs/repository';
import type { JobRegistry } from '../../jobs/registry';
import { queueEmail } from '../../mail/mailer';
import type { EmailParams, EmailTemplate } from '../../mail/templates';
import {
  companiesDueStatement,
  DEFAULT_SETTINGS,
  finishedRunToTell,
  markLowBalanceNotified,
  markStatementSent,
  recipientsOf,
  runMailQueued,
  saveSettings,
  storedSettings,
  toSettings,
  type StoredSettings,
} from './notifications.repository';
import { movementSummary, walletOf } from './wallet.repository';

/**
 * The programme's e-mails (README "Notifications"), all through the outbox and committed with
 * the change that caused them: plafond below the threshold (once per crossing), a scheduled run
 * done or with refused rows, and the monthly statement (a recurring job on day MONTHLY_STATEMENT_DAY, the 1st, Europe/Rome).
 */

export const MONTHLY_STATEMENT_JOB = 'reloadables.monthlyStatement';
/** Arbitrary constant: instances starting together queue one statement job between them. */
const STATEMENT_SCHEDULE_LOCK = 7_262_013_010;

const money = formatCents;

/** The company's notification settings (all off when never saved). */
export async function notificationSettings(db: Db, companyId: string): Promise<NotificationSettings> {
  return toSettings(companyId, (await storedSettings(db, companyId)) ?? DEFAULT_SETTINGS);
}

/** Saves the route company's settings; a new threshold already crossed tells at once, in the same transaction as the save. */
export async function saveNotificationSettings(ctx: AppContext, actor: Pick<Actor, 'userId' | 'companyId'>, body: NotificationSettingsBody): Promise<NotificationSettings> {
  await ctx.db.transaction(async (tx) => {
    await saveSettings(tx, actor.companyId, body, actor.userId);
    await checkLowBalance(tx, ctx, actor.companyId);
  });
  ctx.jobs.wake();
  return notificationSettings(ctx.db, actor.companyId);
}

async function mailAll(db: Db, companyId: string, settings: StoredSettings, template: EmailTemplate, params: (language: string, company: string) => EmailParams): Promise<number> {
  const { to, language, companyName } = await recipientsOf(db, companyId, settings);
  for (const address of to) await queueEmail(db, { to: address, template, language, params: params(language, companyName) });
  return to.length;
}

/**
 * After money left a wallet: queues the "plafond below threshold" e-mail when the available
 * balance crossed the company's threshold (once per crossing). `tx` may be the transaction that
 * moved the money, so the e-mail commits with it. Also re-arms the mail when the available
 * balance is back at or above the threshold (call it after money came in too).
 */
export async function checkLowBalance(tx: Db, _ctx: AppContext, companyId: string): Promise<void> {
  // the settings row lock serializes concurrent checks of one company: one mail per crossing
  const settings = await storedSettings(tx, companyId, true);
  if (!settings?.lowBalanceEnabled) return;
  const wallet = await walletOf(tx, companyId);
  if (!wallet) return;
  const below = wallet.availableCents < settings.lowBalanceThresholdCents;
  if (below === settings.lowBalanceNotified) return;
  await markLowBalanceNotified(tx, companyId, below);
  if (!below) return;
  await mailAll(tx, companyId, settings, 'reloadLowBalance', (language, company) => ({
    company,
    available: money(wallet.availableCents, language),
    threshold: money(settings.lowBalanceThresholdCents, language),
  }));
}

/**
 * After a run ended (COMPLETED, or with rows refused at run time): queues the "run done" or
 * "run failed" e-mail when the company asked for it. Call after the run's final commit; it is
 * safe to call twice for one run (it sends once).
 *
 * Decisions: "done" is for planned runs only (README: "a scheduled run done"; a run now answers
 * its caller in the request). A run with rows refused at run time is "failed" instead (whether or
 * not other rows ran); a run deleted by a user before it ran sends nothing. The mail is recorded
 * by the outbox itself: the run row is locked and an outbox row of this run (its number is in
 * the subject) means it was sent.
 */
export async function notifyRunFinished(ctx: AppContext, runId: string): Promise<void> {
  const queued = await ctx.db.transaction(async (tx) => {
    const run = await finishedRunToTell(tx, runId);
    if (!run || run.state === 'IN_PROGRESS') return 0;
    const failed = run.refused > 0;
    if (!failed && (run.state !== 'COMPLETED' || run.scheduled_at === null)) return 0;
    const settings = await storedSettings(tx, run.company_id);
    if (!settings || !(failed ? settings.runFailedEnabled : settings.runCompletedEnabled)) return 0;
    const template: EmailTemplate = failed ? 'reloadRunFailed' : 'reloadRunDone';
    if (await runMailQueued(tx, template, run.number)) return 0;
    return mailAll(tx, run.company_id, settings, template, (language, company) => ({
      company,
      number: run.number,
      rows: run.row_count,
      credited: run.credited_count,
      refused: run.refused,
      total: money(Number(run.credited_cents), language),
    }));
  });
  if (queued > 0) ctx.jobs.wake();
}

// ---------------------------------------------------------------- monthly statement

/** The UTC instant of midnight starting day 1 of `month` (YYYY-MM) in the programme's zone. */
export function monthStart(month: string, timeZone = PROGRAMME_TIME_ZONE): Date {
  const [year, mon] = month.split('-').map(Number);
  const guess = Date.UTC(year, mon - 1, 1);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
  const offsetAt = (ms: number) => {
    const p = Object.fromEntries(parts.formatToParts(ms).map(({ type, value }) => [type, Number(value)]));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - ms;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

const shiftMonth = (month: string, by: number) => {
  const [year, mon] = month.split('-').map(Number);
  const d = new Date(Date.UTC(year, mon - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * When the next statement job runs: five minutes into day MONTHLY_STATEMENT_DAY of a month (Europe/Rome),
 * the first such time after `now`. The day is the one the settings screen states; it stays below
 * the 25th, so the days added to the month's start never cross a change of summer time.
 */
export function nextStatementAt(now: Date): Date {
  const at = (month: string) => new Date(monthStart(month).getTime() + (MONTHLY_STATEMENT_DAY - 1) * 86_400_000 + 5 * 60_000);
  const thisMonth = at(periodOf(now).month);
  return thisMonth.getTime() > now.getTime() ? thisMonth : at(shiftMonth(periodOf(now).month, 1));
}

/**
 * Sends last month's statement to every company that asked for it and has not had it yet
 * (`last_statement_month`, under the settings row's lock: a retried or duplicated job sends
 * nothing twice). Returns how many companies were sent one.
 */
export async function sendMonthlyStatements(ctx: AppContext, now: Date, signal?: AbortSignal): Promise<number> {
  const month = shiftMonth(periodOf(now).month, -1);
  const from = monthStart(month);
  const to = monthStart(shiftMonth(month, 1));
  const due = await companiesDueStatement(ctx.db, month);
  let sent = 0;
  for (const companyId of due) {
    // the lease lost or a shutdown: the next run sends the companies left (each marks its month in its own transaction)
    if (signal?.aborted) break;
    sent += await ctx.db.transaction(async (tx) => {
      const settings = await storedSettings(tx, companyId, true);
      if (!settings?.monthlyStatementEnabled || (settings.lastStatementMonth !== null && settings.lastStatementMonth >= month)) return 0;
      const summary = await movementSummary(tx, companyId, from, to);
      await markStatementSent(tx, companyId, month);
      const mailed = await mailAll(tx, companyId, settings, 'reloadMonthlyStatement', (language, company) => {
        const opening = summary.openingCents ?? 0;
        return {
          company,
          month: new Intl.DateTimeFormat(numberLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T00:00:00Z`)),
          opening: money(opening, language),
          in: money(summary.inCents, language),
          out: money(summary.outCents, language),
          closing: money(summary.closingCents ?? opening, language),
          movements: summary.count,
        };
      });
      return mailed > 0 ? 1 : 0;
    });
  }
  if (sent > 0) ctx.jobs.wake();
  signal?.throwIfAborted();
  return sent;
}

/**
 * Makes sure one statement job is queued (at the next 1st): called at server start. Several
 * instances starting together take the same advisory lock, so only the first one queues it.
 */
export async function scheduleMonthlyStatement(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockScheduling(tx, STATEMENT_SCHEDULE_LOCK);
    if (!(await jobWaiting(tx, MONTHLY_STATEMENT_JOB, ['queued', 'running']))) await enqueue(tx, MONTHLY_STATEMENT_JOB, {}, { runAt: nextStatementAt(now), maxAttempts: 5 });
  });
}

/** Scheduled notification work (the monthly statement): each run sends, then queues the next 1st. */
export function registerNotificationJobs(ctx: AppContext, registry: JobRegistry): void {
  registry.register(MONTHLY_STATEMENT_JOB, async (_payload, { log, signal }) => {
    const now = ctx.clock.now();
    const sent = await sendMonthlyStatements(ctx, now, signal);
    log.info({ sent }, 'monthly plafond statements sent');
    // this job is still 'running' while it queues its successor: only a queued one counts here
    if (!(await jobWaiting(ctx.db, MONTHLY_STATEMENT_JOB, ['queued']))) await enqueue(ctx.db, MONTHLY_STATEMENT_JOB, {}, { runAt: nextStatementAt(now), maxAttempts: 5 });
  });
}
