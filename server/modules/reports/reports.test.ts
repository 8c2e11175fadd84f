import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../domain/constants';
import type { GeneratedReport, ReportType } from '../../../domain/schemas/reports';
import { REPORT_TYPES } from '../../../domain/reports';
import { queryRows } from '../../db/client';
import { DRIVERS } from '../../test/db';
import { EXPIRE_JOB, expireReports, generateReportFile, reportFileKey } from './jobs';
import { reportsWorld, type ReportsWorld } from '../../test/support/reports';

const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n').slice(0, -1);

describe.each(DRIVERS)('generated reports (%s)', (driver) => {
  let w: ReportsWorld;
  /** the outstanding-balances world: typologies and cards of the parent and its sub-company */
  beforeAll(async () => {
    w = await reportsWorld(driver);
    const gold = await w.typology(w.parentId, 'Gold');
    const silver = await w.typology(w.parentId, 'Silver');
    const subGold = await w.typology(w.subId, 'Gold Nord');
    // the day asked: 31/10/2026 in Rome, which ends at 2026-10-31T23:00Z (CET)
    await w.card(w.parentId, gold, [
      ['2026-10-01T09:00:00Z', 5000],
      ['2026-10-20T09:00:00Z', -1500],
      ['2026-10-31T22:30:00Z', 1000], // 23:30 in Rome: still that day
      ['2026-10-31T23:30:00Z', -2000], // 00:30 on 1/11 in Rome: after it
    ]);
    await w.card(w.parentId, gold, [
      ['2026-10-05T09:00:00Z', 3000],
      ['2026-10-10T09:00:00Z', -3000],
    ]); // spent: no balance at the date
    await w.card(w.parentId, silver, [
      ['2026-10-15T09:00:00Z', 2500],
      ['2026-10-16T09:00:00Z', 700, 'ERROR'], // a refused move never counts
    ]);
    await w.card(w.subId, subGold, [
      ['2026-09-01T09:00:00Z', 10000],
      ['2026-11-02T09:00:00Z', -4000],
    ]);
    await w.card(w.parentId, gold, [['2026-11-05T09:00:00Z', 7000]]); // sold after the date
  });
  afterAll(() => w.t.close());

  const ready = async (report: GeneratedReport) => {
    await w.drain();
    const shown = await w.show(report.id);
    expect(shown.state, shown.errorCode ?? '').toBe('ready');
    return shown;
  };
  const download = (id: string, token = w.reporter, companyId = w.parentId) => w.call(token, 'GET', w.url(`/report-generated/${id}`, companyId));

  it('lists the six types in the asked language with their parameters (SPEC §3 template)', async () => {
    const it_ = await w.call(w.reporter, 'GET', w.url('/report?lang=it'));
    expect(it_.statusCode, it_.body).toBe(200);
    const types = it_.json() as ReportType[];
    expect(types.map((type) => type.id)).toEqual([...REPORT_TYPES]);
    expect(types[0]).toMatchObject({ code: 'OUTSTANDING_BALANCES', name: 'Saldi residui' });
    expect(types[0].parameters).toEqual([
      { name: 'date', kind: 'date', required: true },
      { name: 'companyId', kind: 'reference', required: false },
      { name: 'includeSubCompanies', kind: 'boolean', required: false },
    ]);
    const en = await w.call(w.reporter, 'GET', w.url(`/report?lang=en&range=${encodeURIComponent('[0,24]')}&sort=${encodeURIComponent('["id","ASC"]')}&filter=%7B%7D`));
    expect(en.statusCode, en.body).toBe(200);
    expect(en.headers['content-range']).toBe('report/types 0-5/6');
    expect((en.json() as ReportType[])[0].name).toBe('Outstanding balances');
  });

  it('outstanding balances at a past day: from the ledger up to that day\'s end, subtotals per company, the total a hand computation', async () => {
    const report = await w.generate('outstanding-balances', { date: '2026-10-31', companyId: '', includeSubCompanies: true });
    expect(report).toMatchObject({ state: 'queued', progress: 0, reportId: 'outstanding-balances', companyId: w.parentId, parameters: { companyId: w.parentId, date: '2026-10-31', includeSubCompanies: true } });
    expect(report.companyName).toMatch(/^RPT-P-.* S\.r\.l\.$/);
    expect(report.parametersText).toBe(`Al 31/10/2026 · ${report.companyName} e sotto-aziende`);
    const done = await ready(report);
    expect(done).toMatchObject({ progress: 100, rowCount: 6, errorCode: null });
    expect(done.sizeBytes).toBeGreaterThan(0);
    const file = await download(report.id);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="report_${report.id}.csv"`);
    expect(file.body.startsWith('\uFEFF')).toBe(true);
    const p = report.companyName;
    const s = p.replace('RPT-P-', 'RPT-S-');
    // parent: Gold 45,00 (50 − 15 + 10; the −20 after the day does not count), the spent card no
    // balance, Silver 25,00 (the refused move left out); the sub-company 100,00 (its −40 came later)
    expect(lines(file.body)).toEqual([
      'Azienda;Tipologia;Carte con saldo;Saldo residuo',
      `${p};Gold;1;45,00`,
      `${p};Silver;1;25,00`,
      `${p};Totale azienda;2;70,00`,
      `${s};Gold Nord;1;100,00`,
      `${s};Totale azienda;1;100,00`,
      'Totale;;3;170,00',
    ]);
    expect(file.rawPayload.length).toBe(done.sizeBytes);
  });

  it('outstanding balances without the sub-companies, in English', async () => {
    const report = await w.generate('outstanding-balances', { date: '2026-10-31', companyId: w.parentId, includeSubCompanies: false }, { language: 'en' });
    expect(report.parametersText).toBe(`At 31/10/2026 · ${report.companyName} only`);
    await ready(report);
    const file = await download(report.id);
    expect(lines(file.body)).toEqual([
      'Company,Product,Cards with a balance,Outstanding balance',
      `${report.companyName},Gold,1,45.00`,
      `${report.companyName},Silver,1,25.00`,
      `${report.companyName},Company total,2,70.00`,
      'Total,,2,70.00',
    ]);
  });

  it('gift-card transactions of the period: every ledger row of those days in the requester\'s zone, formula-safe', async () => {
    const [{ name }] = await queryRows<{ name: string }>(w.t.db.db, sql`SELECT name FROM companies WHERE id = ${w.subId}`);
    await w.t.db.db.execute(sql`UPDATE companies SET name = ${'=HYPERLINK("x")'} WHERE id = ${w.subId}`);
    try {
      const report = await w.generate('giftcard-transactions', { dateFrom: '2026-10-31', dateTo: '2026-11-02', type: '', companyId: '', includeSubCompanies: true });
      await ready(report);
      const rows = lines((await download(report.id)).body);
      expect(rows[0]).toBe('Data;Codice;Progressivo;Azienda;Tipologia;Tipo;Esito;Importo;Saldo dopo;Punto vendita;Utente');
      // 31/10 23:30 and 1/11 00:30 in Rome, then the sub-company's move of 2/11
      expect(rows.slice(1).map((row) => row.split(';').slice(5, 9).join(';'))).toEqual(['Attivazione;Riuscita;10,00;45,00', 'Consumo;Riuscita;-20,00;25,00', 'Consumo;Riuscita;-40,00;60,00']);
      expect(rows[1].startsWith('31/10/2026 23:30:00;')).toBe(true);
      expect(rows[3].split(';')[3]).toBe(`"'=HYPERLINK(""x"")"`);
    } finally {
      await w.t.db.db.execute(sql`UPDATE companies SET name = ${name} WHERE id = ${w.subId}`);
    }
  });

  it('each type\'s file heads its columns in the language it was asked in (all five)', async () => {
    const params: Record<string, Record<string, unknown>> = {
      'outstanding-balances': { date: '2026-10-31' },
      'giftcard-transactions': { dateFrom: '2026-10-01', dateTo: '2026-10-31', type: '' },
      'cards-by-state': { status: 'ACTIVE' },
      orders: { dateFrom: '2026-10-01', dateTo: '2026-10-31', state: '' },
      reloads: { dateFrom: '2026-10-01', dateTo: '2026-10-31' },
      'square-codes': { status: '', delivery: '', dateFrom: '', dateTo: '' },
    };
    const heads: Record<string, string[]> = {};
    for (const language of LANGUAGES) {
      for (const type of REPORT_TYPES) {
        const report = await w.generate(type, { ...params[type], companyId: '', includeSubCompanies: true }, { language });
        await ready(report);
        heads[`${language} ${type}`] = lines((await download(report.id)).body).slice(0, 1);
      }
    }
    expect(heads).toEqual(HEADERS);
  });

  it('refuses without the `report` flag (403), outside the scope (404) and bad parameters (400 parameters.<key>)', async () => {
    for (const [method, path] of [
      ['GET', '/report'],
      ['GET', '/report-generated'],
      ['POST', '/report/cards-by-state/generate'],
      ['GET', `/report-generated/${crypto.randomUUID()}`],
    ] as const) {
      const answer = await w.call(w.noReport, method, w.url(path), method === 'POST' ? { parameters: {} } : undefined);
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
      expect(answer.headers['content-type']).toContain('application/problem+json');
    }
    expect((await w.call(w.stranger, 'GET', w.url('/report-generated'))).statusCode).toBe(404);
    const outside = await w.call(w.reporter, 'POST', w.url('/report/cards-by-state/generate'), { parameters: { status: '', companyId: w.strangerId, includeSubCompanies: true } });
    expect(outside.statusCode, outside.body).toBe(404);
    const unknown = await w.call(w.reporter, 'POST', w.url('/report/nope/generate'), { parameters: {} });
    expect(unknown.statusCode).toBe(404);
    const missing = await w.call(w.reporter, 'POST', w.url('/report/outstanding-balances/generate'), { parameters: { date: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { message: 'VALIDATION_ERROR' }, errors: { 'parameters.date': 'validation.required' } });
    const backwards = await w.call(w.reporter, 'POST', w.url('/report/reloads/generate'), { parameters: { dateFrom: '2026-10-31', dateTo: '2026-10-01' } });
    expect(backwards.json()).toMatchObject({ errors: { 'parameters.dateTo': 'validation.dateRange' } });
    const zone = await w.call(w.reporter, 'POST', w.url('/report/reloads/generate'), { parameters: { dateFrom: '2026-10-01', dateTo: '2026-10-31' }, timeZone: 'Mars/Olympus' });
    expect(zone.json()).toMatchObject({ errors: { timeZone: 'validation.invalid' } });
  });

  it("another company's report is 404 to its users; the sub-company's route does not list the parent's", async () => {
    const report = await w.generate('cards-by-state', { status: '', companyId: '', includeSubCompanies: true });
    await ready(report);
    expect((await download(report.id, w.stranger, w.strangerId)).statusCode).toBe(404);
    const sub = await w.call(w.reporter, 'GET', w.url('/report-generated', w.subId));
    expect(sub.statusCode).toBe(200);
    expect((sub.json() as GeneratedReport[]).map((r) => r.id)).not.toContain(report.id);
    expect((await download(report.id, w.reporter, w.subId)).statusCode).toBe(404);
  });

  it('lists newest first with the filters, a page at a time', async () => {
    const all = await w.call(w.reporter, 'GET', w.url(`/report-generated?range=${encodeURIComponent('[0,1]')}`));
    expect(all.headers['content-range']).toMatch(/^report 0-1\/\*$/);
    const page = all.json() as GeneratedReport[];
    expect(Date.parse(page[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(page[1].createdAt));
    const filtered = await w.call(w.reporter, 'GET', w.url(`/report-generated?filter=${encodeURIComponent(JSON.stringify({ reportId: 'orders', state: 'ready' }))}`));
    const rows = filtered.json() as GeneratedReport[];
    // the headers test above made one orders report per language
    expect(rows.length).toBe(LANGUAGES.length);
    expect(rows.every((r) => r.reportId === 'orders' && r.state === 'ready')).toBe(true);
    expect(rows[0].requestedByName).toBe('Test User');
  });

  it('refuses a third queued or running report of one user (409 REPORTS_TOO_MANY_ACTIVE, params.max), not before', async () => {
    const body = { status: '', companyId: '', includeSubCompanies: true };
    await w.generate('cards-by-state', body);
    const second = await w.generate('cards-by-state', body);
    const third = await w.call(w.reporter, 'POST', w.url('/report/cards-by-state/generate'), { parameters: body });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ error: { message: 'REPORTS_TOO_MANY_ACTIVE' }, params: { max: 2 } });
    // a queued report is not downloadable yet
    const early = await download(second.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { message: 'REPORT_NOT_READY' } });
    await w.drain();
    await w.generate('cards-by-state', body);
    await w.drain();
  });

  it('a failed generation says why with a code, is not downloadable, and e-mails the requester who asked', async () => {
    const report = await w.generate('reloads', { dateFrom: '2026-10-01', dateTo: '2026-10-31' }, { notify: true });
    // stored parameters the job cannot use: its only attempt fails
    await w.t.db.db.execute(sql`UPDATE generated_reports SET parameters = parameters || '{"dateFrom": "nope"}'::jsonb WHERE id = ${report.id}`);
    await w.t.db.db.execute(sql`UPDATE jobs SET max_attempts = 1 WHERE payload->>'reportId' = ${report.id}`);
    await w.drain();
    const failed = await w.show(report.id);
    expect(failed).toMatchObject({ state: 'failed', errorCode: 'INTERNAL_ERROR' });
    expect(failed.finishedAt).not.toBeNull();
    const answer = await download(report.id);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ error: { message: 'REPORT_NOT_READY' } });
    const [mail] = await queryRows<{ to_address: string; template: string; text_body: string }>(w.t.db.db, sql`SELECT to_address, template, text_body FROM email_outbox WHERE text_body LIKE ${`%${report.id}%`}`);
    const [{ email }] = await queryRows<{ email: string }>(w.t.db.db, sql`SELECT email FROM users WHERE id = ${w.reporterId}`);
    expect(mail).toMatchObject({ to_address: email, template: 'reportFailed' });
    expect(mail.text_body).toContain(`http://tessera.test/downloads?type=report&id=${report.id}`);
    expect(mail.text_body).toContain('INTERNAL_ERROR');
  });

  it('e-mails the requester in their language when the file is ready, with the download link', async () => {
    await w.t.db.db.execute(sql`UPDATE users SET language = 'en' WHERE id = ${w.reporterId}`);
    const report = await w.generate('outstanding-balances', { date: '2026-10-31' }, { notify: true });
    await ready(report);
    const [mail] = await queryRows<{ subject: string; template: string; text_body: string }>(w.t.db.db, sql`SELECT subject, template, text_body FROM email_outbox WHERE text_body LIKE ${`%${report.id}%`}`);
    expect(mail).toMatchObject({ template: 'reportReady', subject: 'Your report “Outstanding balances” is ready' });
    expect(mail.text_body).toContain(`http://tessera.test/downloads?type=report&id=${report.id}`);
    await w.t.db.db.execute(sql`UPDATE users SET language = 'it' WHERE id = ${w.reporterId}`);
  });

  it('cards by state: one state of the chosen company only, or with its sub-company', async () => {
    const mine = await w.generate('cards-by-state', { status: 'ACTIVE', companyId: w.subId, includeSubCompanies: false }, { language: 'en' });
    expect(mine.parametersText).toBe(`Active · ${mine.companyName} only`);
    await ready(mine);
    const rows = lines((await download(mine.id)).body).slice(1);
    expect(rows.map((row) => row.split(',').slice(0, 2).join(','))).toEqual([expect.stringMatching(/^RPT\d+,900004$/)]);
    const none = await w.generate('cards-by-state', { status: 'LOCKED', companyId: '', includeSubCompanies: true });
    await ready(none);
    expect(lines((await download(none.id)).body)).toHaveLength(1);
  });

  it("reloads: the wallets' movements of the whole subtree in the period (the requester's days), oldest first, each led by its wallet's company", async () => {
    const db = w.t.db.db;
    const move = (companyId: string, reason: string, cents: number, after: number, at: string, counterpart: string | null = null) =>
      db.execute(sql`INSERT INTO wallet_movements (company_id, type, reason, amount_cents, balance_after_cents, counterpart_company_id, created_at)
        VALUES (${companyId}, 'WALLET_RELOAD', ${reason}, ${cents}, ${after}, ${counterpart}, ${at}::timestamptz)`);
    await move(w.parentId, 'FUNDING', 10_000, 10_000, '2026-09-30T21:30:00Z'); // 30/9 23:30 in Rome: before the period
    await move(w.parentId, 'FUNDING', 20_000, 30_000, '2026-09-30T22:30:00Z'); // 1/10 00:30 in Rome
    await move(w.parentId, 'TRANSFER_OUT', -3_000, 27_000, '2026-10-06T10:00:00Z', w.subId);
    await move(w.subId, 'TRANSFER_IN', 3_000, 3_000, '2026-10-06T10:00:00Z', w.parentId);
    await move(w.parentId, 'FUNDING', 1_000, 28_000, '2026-11-01T09:00:00Z'); // after it
    const report = await w.generate('reloads', { dateFrom: '2026-10-01', dateTo: '2026-10-31' }, { language: 'en' });
    await ready(report);
    const rows = lines((await download(report.id)).body).slice(1);
    const p = report.companyName;
    const s = p.replace('RPT-P-', 'RPT-S-');
    const cells = rows.map((row) => row.split(','));
    expect(cells.map((c) => [c[0], c[4], c[5], c[6]].join(' | '))).toEqual([
      `${p} | 200.00 | 300.00 | `,
      `${p} | -30.00 | 270.00 | ${s}`,
      `${s} | 30.00 | 30.00 | ${p}`,
    ]);
  });

  it('a lost lease stops the writing and leaves no file; the next attempt writes the whole file (retry-safe)', async () => {
    await w.t.db.db.execute(sql`INSERT INTO gift_cards (company_id, typology_id, code, progressive, status)
      SELECT ${w.strangerId}, (SELECT id FROM card_typologies WHERE company_id = ${w.parentId} LIMIT 1), 'LEASE' || ${w.driver} || g, 800000 + g, 'ACTIVE' FROM generate_series(1, 1200) g`);
    const answer = await w.call(w.stranger, 'POST', w.url('/report/cards-by-state/generate', w.strangerId), { parameters: { status: '', companyId: '', includeSubCompanies: true } });
    expect(answer.statusCode, answer.body).toBe(202);
    const { id } = answer.json() as GeneratedReport;
    // the lease is lost after the first slice of rows: the runner's signal aborts from then on
    let checks = 0;
    const lost = {
      get aborted() {
        return checks > 2;
      },
      throwIfAborted() {
        checks += 1;
        if (checks > 2) throw new Error('lease lost');
      },
    } as unknown as AbortSignal;
    await expect(generateReportFile(w.t.app.ctx, id, lost)).rejects.toThrow('lease lost');
    expect(await w.t.app.ctx.files.get(reportFileKey(id))).toBeNull();
    const [row] = await queryRows<{ state: string; row_count: string | null }>(w.t.db.db, sql`SELECT state, row_count FROM generated_reports WHERE id = ${id}`);
    expect(row).toEqual({ state: 'running', row_count: null });
    await generateReportFile(w.t.app.ctx, id, new AbortController().signal);
    await generateReportFile(w.t.app.ctx, id, new AbortController().signal); // a ready report is left alone
    const file = await download(id, w.stranger, w.strangerId);
    expect(file.statusCode).toBe(200);
    expect(lines(file.body)).toHaveLength(1201);
    const [done] = await queryRows<{ state: string; row_count: string | number; progress: number }>(w.t.db.db, sql`SELECT state, row_count, progress FROM generated_reports WHERE id = ${id}`);
    expect({ ...done, row_count: Number(done.row_count) }).toEqual({ state: 'ready', row_count: 1200, progress: 100 });
    await w.drain();
  });

  it('expiry: the sweep queued for the expiry removes the file and marks it expired (410), even a ready one past its date answers 410', async () => {
    const report = await w.generate('cards-by-state', { status: '', companyId: '', includeSubCompanies: true });
    const done = await ready(report);
    const days = (Date.parse(done.expiresAt!) - Date.parse(done.finishedAt!)) / 86_400_000;
    expect(days).toBe(w.t.config.reports.retentionDays);
    const [sweep] = await queryRows<{ run_at: Date | string }>(w.t.db.db, sql`SELECT run_at FROM jobs WHERE name = ${EXPIRE_JOB} AND status = 'queued'`);
    expect(Date.parse(String(new Date(sweep.run_at).toISOString()))).toBeLessThanOrEqual(Date.parse(done.expiresAt!));
    expect(await w.t.app.ctx.files.size(reportFileKey(report.id))).toBe(done.sizeBytes);
    await w.t.db.db.execute(sql`UPDATE generated_reports SET expires_at = now() - interval '1 minute' WHERE id = ${report.id}`);
    expect((await download(report.id)).statusCode).toBe(410);
    expect(await expireReports(w.t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await w.t.app.ctx.files.get(reportFileKey(report.id))).toBeNull();
    expect((await w.show(report.id)).state).toBe('expired');
    const gone = await download(report.id);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ error: { message: 'REPORT_EXPIRED' } });
  });
});

/** Each type's header line as a spreadsheet user sees it (the area exports' own headers where the file is theirs). */
const HEADERS: Record<string, string[]> = {
  'it outstanding-balances': ['Azienda;Tipologia;Carte con saldo;Saldo residuo'],
  'it giftcard-transactions': ['Data;Codice;Progressivo;Azienda;Tipologia;Tipo;Esito;Importo;Saldo dopo;Punto vendita;Utente'],
  'it cards-by-state': ['Codice;Progressivo;Lotto;Riferimento ordine;Tipologia;Azienda;Stato;Saldo;Congelato;Saldo disponibile;Data di attivazione;Data di scadenza;Primo utilizzo;Punto vendita;Creata il'],
  'it orders': ['Numero ordine;Data di creazione;Azienda;Ordinato da;Tipo di ordine;Stato ordine;Attivazione;Numero ordine aziendale;Carte;Totale'],
  'it reloads': ['Azienda;Data;Tipo;Causale;Importo;Saldo dopo;Controparte;Carta;Lotto;Nota;Utente'],
  'it square-codes': ['Ordine;Data ordine;Azienda;Codice;E-mail;Nome;Cognome;Importo;Valore residuo;Stato;Data di attivazione;Data di scadenza;Stato invio;Numero invio;Inviata il;Ultima risposta del server di posta'],
  'en outstanding-balances': ['Company,Product,Cards with a balance,Outstanding balance'],
  'en giftcard-transactions': ['Date,Code,Sequence number,Company,Product,Type,Result,Amount,Balance after,Store,User'],
  'en cards-by-state': ['Code,Sequence number,Batch,Order reference,Product,Company,Status,Balance,Frozen,Available balance,Activation date,Expiry date,First use,Store,Created'],
  'en orders': ['Order number,Creation date,Company,Placed by,Order type,Order state,Activation,Company order number,Cards,Total'],
  'en reloads': ['Company,Date,Type,Reason,Amount,Balance after,Counterpart,Card,Run,Note,User'],
  'en square-codes': ['Order,Order date,Company,Code,E-mail,First name,Last name,Amount,Remaining value,Status,Activation date,Expiry date,Delivery status,Retry number,Sent,Last mail server answer'],
  'es outstanding-balances': ['Empresa;Tipo de tarjeta;Tarjetas con saldo;Saldo vivo'],
  'es giftcard-transactions': ['Fecha;Código;N.º de secuencia;Empresa;Tipo de tarjeta;Tipo;Resultado;Importe;Saldo posterior;Tienda;Usuario'],
  'es cards-by-state': ['Código;N.º de secuencia;Lote;Referencia del pedido;Tipo de tarjeta;Empresa;Estado;Saldo;Congelado;Saldo disponible;Fecha de activación;Fecha de caducidad;Primer uso;Tienda;Creada'],
  'es orders': ['Número de pedido;Fecha de creación;Empresa;Realizado por;Tipo de pedido;Estado del pedido;Activación;Número de pedido de la empresa;Tarjetas;Total'],
  'es reloads': ['Empresa;Fecha;Tipo;Motivo;Importe;Saldo posterior;Contrapartida;Tarjeta;Remesa;Nota;Usuario'],
  'es square-codes': ['Pedido;Fecha del pedido;Empresa;Código;Correo electrónico;Nombre;Apellidos;Importe;Valor restante;Estado;Fecha de activación;Fecha de caducidad;Estado del envío;Número de envío;Fecha de envío;Última respuesta del servidor de correo'],
  'fr outstanding-balances': ['Société;Modèle de carte;Cartes avec solde;Solde restant'],
  'fr giftcard-transactions': ["Date;Code;Numéro d'ordre;Société;Modèle de carte;Type;Résultat;Montant;Solde après;Point de vente;Utilisateur"],
  'fr cards-by-state': ["Code;Numéro d'ordre;Lot;Référence de commande;Modèle de carte;Société;Statut;Solde;Gelé;Solde disponible;Date d'activation;Date d'expiration;Première utilisation;Point de vente;Créée le"],
  'fr orders': ['Numéro de commande;Date de création;Société;Passée par;Type de commande;État de la commande;Activation;Numéro de commande de la société;Cartes;Total'],
  'fr reloads': ['Société;Date;Type;Motif;Montant;Solde après;Contrepartie;Carte;Lot;Note;Utilisateur'],
  'fr square-codes': ["Commande;Date de commande;Société;Code;E-mail;Prénom;Nom;Montant;Valeur restante;Statut;Date d'activation;Date d'expiration;Statut de l'envoi;Numéro d'envoi;Envoyée le;Dernière réponse du serveur de messagerie"],
  'de outstanding-balances': ['Unternehmen;Kartentyp;Karten mit Guthaben;Offener Betrag'],
  'de giftcard-transactions': ['Datum;Code;Laufende Nummer;Unternehmen;Kartentyp;Art;Ergebnis;Betrag;Guthaben danach;Filiale;Benutzer'],
  'de cards-by-state': ['Code;Laufende Nummer;Charge;Bestellreferenz;Kartentyp;Unternehmen;Status;Guthaben;Eingefroren;Verfügbares Guthaben;Aktivierungsdatum;Ablaufdatum;Erste Nutzung;Filiale;Erstellt'],
  'de orders': ['Bestellnummer;Erstellungsdatum;Unternehmen;Aufgegeben von;Bestellart;Bestellstatus;Aktivierung;Bestellnummer des Unternehmens;Karten;Gesamt'],
  'de reloads': ['Unternehmen;Datum;Art;Grund;Betrag;Guthaben danach;Gegenpartei;Karte;Sammelaufladung;Notiz;Benutzer'],
  'de square-codes': ['Bestellung;Bestelldatum;Unternehmen;Code;E-Mail;Vorname;Nachname;Betrag;Restwert;Status;Aktivierungsdatum;Ablaufdatum;Versandstatus;Versandversuch;Gesendet am;Letzte Antwort des Mailservers'],
};
