import { sql } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import type { SquareOrder } from '../../../domain/schemas/square';
import { queryRows, type Driver } from '../../db/client';
import { createTestApp, type TestApp } from '../app';
import { login } from '../auth';
import { addCompany, companyIdOf, userWith } from '../builders';

/** Builders of the square tests: an app with a low approval threshold and small chunks, its accounts, files and orders. */

/** 100.00 € */
export const THRESHOLD_CENTS = 10_000;
export const CHUNK_ROWS = 2;
export const SQUARE_FLAGS = ['square.orders', 'square.codes', 'square.communications'] as const;

export const csvFile = (text: string | Buffer, name = 'recipients.csv', type = 'text/csv') => ({ name, type, content: Buffer.from(text).toString('base64') });
/** An Italian file (`;`, decimal comma) of these recipients: [email, first, last, amount]. */
export const italianCsv = (rows: ReadonlyArray<readonly string[]>) => ['email;firstName;lastName;amount', ...rows.map((r) => r.join(';'))].join('\n') + '\n';

export interface SquareWorld {
  t: TestApp;
  /** provider staff (every flag) */
  admin: string;
  /** ACME's user with the square flags */
  operator: string;
  /** ACME's user without them */
  noSquare: string;
  /** another company's user with the square flags */
  stranger: string;
  acmeId: string;
  otherId: string;
  url: (path: string, companyId?: string) => string;
  call: (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => Promise<InjectResponse>;
  drain: () => Promise<number>;
  /** a draft of these rows (created and read by its job), as the operator */
  draft: (rows: ReadonlyArray<readonly string[]>, extra?: Record<string, unknown>) => Promise<SquareOrder>;
  /** an order moved by these actions (jobs drained after each), as the operator or `as` */
  order: (rows: ReadonlyArray<readonly string[]>, actions: ReadonlyArray<string | [string, string]>) => Promise<SquareOrder>;
  show: (id: string, token?: string) => Promise<SquareOrder>;
  count: (query: ReturnType<typeof sql>) => Promise<number>;
}

export async function squareWorld(driver: Driver): Promise<SquareWorld> {
  const t = await createTestApp(driver, { env: { SQUARE_APPROVAL_THRESHOLD_CENTS: String(THRESHOLD_CENTS), SQUARE_CHUNK_ROWS: String(CHUNK_ROWS) } });
  const db = t.db.db;
  const tesseraId = await companyIdOf(db, 'TESSERA');
  const acmeId = await companyIdOf(db, 'ACME');
  const otherId = await addCompany(db, `SQ-OTHER-${driver}`, tesseraId);
  const admin = (await login(t.app, 'admin@tessera.test')).accessToken;
  // Acme's referent: in scope, without the square flags
  const noSquare = (await login(t.app, 'referent@acme.test')).accessToken;
  const operator = await userWith(t.app, db, `square-${driver}@acme.test`, acmeId, [...SQUARE_FLAGS]);
  const stranger = await userWith(t.app, db, `square-${driver}@other.test`, otherId, [...SQUARE_FLAGS]);
  const url = (path: string, companyId = acmeId) => `/api/company/${companyId}/square${path}`;
  const call: SquareWorld['call'] = (token, method, target, payload) =>
    t.app.inject({ method, url: target, headers: { authorization: `Bearer ${token}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const drain = () => t.app.ctx.jobs.drain();
  const show = async (id: string, token = operator) => (await call(token, 'GET', url(`/orders/${id}`))).json() as SquareOrder;
  const body = (rows: ReadonlyArray<readonly string[]>, extra: Record<string, unknown> = {}) => ({ host: 'shop.example.com', referentEmail: 'referent@acme.test', typology: 'GIFT', validMonths: 12, file: csvFile(italianCsv(rows)), acceptWarnings: true, ...extra });
  const draft: SquareWorld['draft'] = async (rows, extra) => {
    const created = await call(operator, 'POST', url('/orders'), body(rows, extra));
    expect(created.statusCode, created.body).toBe(201);
    await drain();
    return show(created.json().id);
  };
  const order: SquareWorld['order'] = async (rows, actions) => {
    const made = await draft(rows);
    for (const step of actions) {
      const [action, token] = typeof step === 'string' ? [step, operator] : step;
      const answer = await call(token, 'POST', url(`/orders/${made.id}/${action}`));
      expect(answer.statusCode, answer.body).toBe(200);
      await drain();
    }
    return show(made.id);
  };
  const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${query}) q`))[0].n;
  return { t, admin, operator, noSquare, stranger, acmeId, otherId, url, call, drain, draft, order, show, count };
}
