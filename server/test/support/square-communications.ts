import { once } from 'node:events';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { queryRows, type Db } from '../../db/client';
import { communicationRoutes } from '../../modules/square/communications.routes';
import { registerSquareMailJob } from '../../modules/square/communications.sender';
import { SQUARE_MAIL_JOB } from '../../modules/square/mail-queue';

/**
 * Builders for the communications' tests: an active square order with one code and one QUEUED
 * communication per recipient, made straight in the database (the orders' own flow is tested by
 * its module), and a real SMTP server whose answer the test chooses per recipient.
 */

/** The communications' routes and job on a test app, unless the square module's index already put them there. */
export async function withCommunications(app: FastifyInstance): Promise<void> {
  if (!app.jobRegistry.get(SQUARE_MAIL_JOB)) registerSquareMailJob(app.ctx, app.jobRegistry);
  if (!app.hasRoute({ method: 'GET', url: '/api/company/:companyId/square/communications' })) await app.register(communicationRoutes, { ctx: app.ctx });
}

let serial = 0;
const unique = () => `${process.pid % 10_000}${Date.now() % 1_000_000}${(serial += 1)}`;

export interface SquareMailFixture {
  orderId: string;
  orderNumber: string;
  /** communication id by recipient */
  communications: Map<string, string>;
}

/** An ACTIVE order of `companyId` with a SOLD code of 25.00 € and a QUEUED communication for each recipient. */
export async function addOrderWithMails(db: Db, companyId: string, recipients: readonly string[], options: { language?: 'it' | 'en'; host?: string } = {}): Promise<SquareMailFixture> {
  const orderNumber = `SQ-T${unique()}`;
  const [order] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO square_orders (order_number, company_id, host, referent_email, typology, valid_months, total_amount_cents, total_quantity, status, language, activated_at)
        VALUES (${orderNumber}, ${companyId}, ${options.host ?? 'shop.example.com'}, 'referent@example.com', 'GIFT', 12, ${recipients.length * 2500}, ${recipients.length},
          'ACTIVE', ${options.language ?? 'it'}, now())
        RETURNING id`,
  );
  const lines = recipients.map((email, i) => ({ line: i + 2, email, code: `T${unique()}X${i}` }));
  await db.execute(sql`
    WITH r AS (
      INSERT INTO square_order_recipients (order_id, line, email, first_name, last_name, amount_cents)
      SELECT ${order.id}, v.line, v.email, 'Anna', 'Bianchi', 2500 FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS v(line int, email text, code text)
      RETURNING id, line, email),
    c AS (
      INSERT INTO square_codes (code, order_id, recipient_id, company_id, host, email, first_name, last_name, typology, amount_cents, value_cents, status,
          sell_date, activation_date, expire_date)
      SELECT v.code, ${order.id}, r.id, ${companyId}, ${options.host ?? 'shop.example.com'}, r.email, 'Anna', 'Bianchi', 'GIFT', 2500, 2500, 'SOLD',
          now(), now(), '2027-11-27T12:00:00Z'::timestamptz
      FROM r JOIN jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS v(line int, email text, code text) ON v.line = r.line
      RETURNING id, email)
    INSERT INTO square_communications (order_id, code_id, company_id, recipient) SELECT ${order.id}, c.id, ${companyId}, c.email FROM c`);
  const rows = await queryRows<{ id: string; recipient: string }>(db, sql`SELECT id, recipient FROM square_communications WHERE order_id = ${order.id}`);
  return { orderId: order.id, orderNumber, communications: new Map(rows.map((r) => [r.recipient, r.id])) };
}

export interface CommunicationState {
  status: string;
  tries: number;
  retry_number: number;
  last_smtp_answer: string | null;
  next_attempt_at: Date | string | null;
  sent_at: Date | string | null;
}

export async function communicationState(db: Db, id: string): Promise<CommunicationState> {
  const [row] = await queryRows<CommunicationState>(db, sql`SELECT status, tries, retry_number, last_smtp_answer, next_attempt_at, sent_at FROM square_communications WHERE id = ${id}`);
  return { ...row, tries: Number(row.tries), retry_number: Number(row.retry_number) };
}

/** The tries recorded for a communication, in order. */
export async function sendsOf(db: Db, id: string): Promise<Array<{ retry_number: number; try_number: number; outcome: string; smtp_answer: string | null }>> {
  const rows = await queryRows<{ retry_number: number; try_number: number; outcome: string; smtp_answer: string | null }>(
    db,
    sql`SELECT retry_number, try_number, outcome, smtp_answer FROM square_communication_sends WHERE communication_id = ${id} ORDER BY retry_number, try_number`,
  );
  return rows.map((r) => ({ ...r, retry_number: Number(r.retry_number), try_number: Number(r.try_number) }));
}

/** Makes a waiting retry, and the sender run scheduled for it, due now (instead of waiting for the backoff). */
export async function makeRetriesDue(db: Db): Promise<void> {
  await db.execute(sql`UPDATE square_communications SET next_attempt_at = now() - interval '1 second' WHERE status = 'RETRY_WAITING'`);
  await db.execute(sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE name = ${SQUARE_MAIL_JOB} AND status = 'queued'`);
}

/** What the SMTP server answers a recipient (RCPT TO): accept, or refuse with this code and text. */
export type RcptAnswer = 'accept' | { code: number; text: string };

export interface TestSmtp {
  port: number;
  url: string;
  /** each accepted message's recipients, lower-cased, in arrival order */
  received: string[];
  /** each accepted message as it arrived (headers and body) */
  messages: Array<{ to: string[]; raw: string }>;
  /** RCPT TO commands seen, by address */
  rcptCount: Map<string, number>;
  /** the rule, changeable while the server runs */
  answer: (address: string, seen: number) => RcptAnswer;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port; `answer` decides each RCPT TO (the nth time an address is seen: `seen`, 1-based). */
export async function startSmtp(answer: TestSmtp['answer'] = () => 'accept'): Promise<TestSmtp> {
  const state = { received: [] as string[], messages: [] as Array<{ to: string[]; raw: string }>, rcptCount: new Map<string, number>(), answer };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const seen = (state.rcptCount.get(to) ?? 0) + 1;
      state.rcptCount.set(to, seen);
      const said = state.answer(to, seen);
      if (said === 'accept') return callback();
      callback(Object.assign(new Error(said.text), { responseCode: said.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        state.received.push(...to);
        state.messages.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    get messages() {
      return state.messages;
    },
    get rcptCount() {
      return state.rcptCount;
    },
    get answer() {
      return state.answer;
    },
    set answer(rule) {
      state.answer = rule;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local port nothing listens on (opened, then closed): a mail server that cannot be reached. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
