import { sql } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import type { PermissionKey } from '../../../domain/permissions';
import type { GeneratedReport } from '../../../domain/schemas/reports';
import { queryRows, type Driver } from '../../db/client';
import { createTestApp, type TestApp } from '../app';
import { addCompany, companyIdOf, userWith } from '../builders';

/**
 * The reports tests' world: a parent company with a sub-company and a stranger company (under the
 * provider), their typologies, cards and ledger rows written straight in the database, and users:
 * one with `report` (and the flags of every type's data: ALL_REPORTS) at the parent, one without
 * any, one with them at the stranger.
 */
export interface ReportsWorld {
  t: TestApp;
  driver: Driver;
  parentId: string;
  subId: string;
  strangerId: string;
  /** `report` and every type's flags (ALL_REPORTS) at the parent company */
  reporter: string;
  reporterId: string;
  /** the parent company's user without `report` */
  noReport: string;
  /** ALL_REPORTS at the stranger company */
  stranger: string;
  url: (path: string, companyId?: string) => string;
  call: (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => Promise<InjectResponse>;
  drain: () => Promise<number>;
  /** generates (202 expected) as `token` (default the reporter) */
  generate: (type: string, parameters: Record<string, unknown>, extra?: Record<string, unknown>, token?: string) => Promise<GeneratedReport>;
  show: (id: string) => Promise<GeneratedReport>;
  /** a typology of `companyId` */
  typology: (companyId: string, name: string) => Promise<string>;
  /** a card of `companyId` with its ledger: [ISO instant, signed cents, result?] */
  card: (companyId: string, typologyId: string, moves: ReadonlyArray<readonly [string, number, ('SUCCESS' | 'ERROR')?]>) => Promise<string>;
}

/**
 * `report` and the flags of every area a report type reads (domain/reports.ts `reads`): a user
 * with these is offered all six types. (access.test.ts proves the types against fewer flags.)
 */
export const ALL_REPORTS: PermissionKey[] = [
  'report',
  'privative.management.read',
  'privative.transactions',
  'privative.orders',
  'privative.acquiredOrders',
  'reloadable.wallet',
  'reloadable.reloads',
  'square.orders',
  'square.codes',
  'square.communications',
];

let serial = 0;

export async function reportsWorld(driver: Driver, env: Record<string, string> = {}): Promise<ReportsWorld> {
  const t = await createTestApp(driver, { env: { REPORTS_MAX_ACTIVE_PER_USER: '2', ...env } });
  const db = t.db.db;
  const tesseraId = await companyIdOf(db, 'TESSERA');
  const tag = `${driver}-${++serial}`;
  const parentId = await addCompany(db, `RPT-P-${tag}`, tesseraId);
  const subId = await addCompany(db, `RPT-S-${tag}`, parentId);
  const strangerId = await addCompany(db, `RPT-X-${tag}`, tesseraId);
  const reporter = await userWith(t.app, db, `reports-${tag}@p.test`, parentId, ALL_REPORTS);
  const [{ id: reporterId }] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = ${`reports-${tag}@p.test`}`);
  const noReport = await userWith(t.app, db, `no-reports-${tag}@p.test`, parentId, []);
  const stranger = await userWith(t.app, db, `reports-${tag}@x.test`, strangerId, ALL_REPORTS);
  const url = (path: string, companyId = parentId) => `/api/company/${companyId}/giftcard${path}`;
  const call: ReportsWorld['call'] = (token, method, target, payload) =>
    t.app.inject({ method, url: target, headers: { authorization: `Bearer ${token}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const drain = () => t.app.ctx.jobs.drain();
  const generate: ReportsWorld['generate'] = async (type, parameters, extra = {}, token = reporter) => {
    const answer = await call(token, 'POST', url(`/report/${type}/generate`), { parameters, language: 'it', timeZone: 'Europe/Rome', ...extra });
    expect(answer.statusCode, answer.body).toBe(202);
    return answer.json() as GeneratedReport;
  };
  const show = async (id: string) => {
    const list = await call(reporter, 'GET', url(`/report-generated?range=${encodeURIComponent('[0,99]')}`));
    expect(list.statusCode, list.body).toBe(200);
    const found = (list.json() as GeneratedReport[]).find((report) => report.id === id);
    if (!found) throw new Error(`report ${id} not listed`);
    return found;
  };
  let typologies = 0;
  const typology: ReportsWorld['typology'] = async (companyId, name) => {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO card_typologies (company_id, name, type, value_cents, sku, expiration_type, expiration_months)
          VALUES (${companyId}, ${name}, 'DIGITAL', 5000, ${`RPT-${tag}-${++typologies}`}, 'MONTHS_FROM_ACTIVATION', 12) RETURNING id`,
    );
    return row.id;
  };
  let cards = 0;
  const card: ReportsWorld['card'] = async (companyId, typologyId, moves) => {
    const n = ++cards;
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO gift_cards (company_id, typology_id, code, progressive, status, balance_cents)
          VALUES (${companyId}, ${typologyId}, ${`RPT${serial}${driver === 'pglite' ? 1 : 2}${String(n).padStart(8, '0')}`}, ${900_000 + n}, 'ACTIVE', 0) RETURNING id`,
    );
    let balance = 0;
    for (const [at, cents, result = 'SUCCESS'] of moves) {
      if (result === 'SUCCESS') balance += cents;
      await db.execute(sql`INSERT INTO gift_card_transactions (card_id, company_id, type, result, amount_cents, balance_after_cents, created_at)
        VALUES (${row.id}, ${companyId}, ${cents >= 0 ? 'ACTIVATE' : 'CONSUME'}, ${result}, ${cents}, ${balance}, ${at}::timestamptz)`);
    }
    await db.execute(sql`UPDATE gift_cards SET balance_cents = ${balance} WHERE id = ${row.id}`);
    return row.id;
  };
  return { t, driver, parentId, subId, strangerId, reporter, reporterId, noReport, stranger, url, call, drain, generate, show, typology, card };
}
