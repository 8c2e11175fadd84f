import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket, TicketCategory } from '../../../domain/schemas/tickets';
import { TICKET_LIMITS } from '../../../domain/tickets';
import { DRIVERS } from '../../test/db';
import { EVERY_TYPE, EXE_BYTES, fileOf, OLE2_BYTES, PDF_BYTES, PNG_BYTES, REQUIRED_ANSWERS, SUPPORT, ticketWorld, zipWith, type TicketWorld } from '../../test/support/tickets';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(DRIVERS)('tickets API (%s)', (driver) => {
  let w: TicketWorld;
  let category: TicketCategory;
  beforeAll(async () => {
    w = await ticketWorld(driver);
    category = await w.category();
  });
  afterAll(() => w.t.close());

  const create = (answers: Record<string, unknown>, extra: Record<string, unknown> = {}, token = w.operator) =>
    w.call(token, 'POST', w.url('/tickets'), { categoryId: category.id, priority: 'HIGH', description: 'Something is wrong', answers, ...extra });
  const tickets = () => w.count(sql`SELECT id FROM tickets`);

  it('opens a ticket: TO_DO, its number, every answer, the file field and an extra PDF stored, the support mailbox e-mailed in Italian', async () => {
    const before = (await w.mails('ticketCreated')).length;
    const answer = await create(
      {
        ...REQUIRED_ANSWERS,
        details: 'Line one\nLine two',
        contact: 'Shop@Example.com',
        screenshot: fileOf(PNG_BYTES, 'screen.png', 'image/png'),
        area: 'cards',
        channel: 'web',
        seenAt: '2026-11-20T10:30:00+01:00',
      },
      { attachments: [fileOf(PDF_BYTES, 'invoice.pdf', 'application/pdf')] },
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const ticket: Ticket = answer.json();
    expect(ticket).toMatchObject({
      status: 'TO_DO',
      priority: 'HIGH',
      companyName: 'Acme S.p.A.',
      categoryId: category.id,
      categoryVersion: 1,
      email: 'operator@acme.test',
      createdBy: 'Oscar Operatore',
      messageCount: 0,
      deletedAt: null,
      actions: ['reply', 'delete'],
    });
    expect(ticket.number).toBeGreaterThanOrEqual(1001);
    expect(ticket.answers).toMatchObject({ title: 'Broken card', orderNumber: 42, happenedOn: '2026-11-20', contact: 'Shop@Example.com', area: 'cards', channel: 'web', seenAt: '2026-11-20T10:30:00+01:00' });
    const screenshot = ticket.attachments.find((a) => a.fieldId === 'screenshot')!;
    expect(ticket.answers.screenshot).toEqual({ attachmentId: screenshot.id, name: 'screen.png', size: PNG_BYTES.length });
    expect(ticket.attachments.map((a) => [a.name, a.type, a.fieldId, a.messageId])).toEqual(
      expect.arrayContaining([
        ['screen.png', 'image/png', 'screenshot', null],
        ['invoice.pdf', 'application/pdf', null, null],
      ]),
    );
    expect(ticket.events).toMatchObject([{ kind: 'CREATED', fromStatus: null, toStatus: 'TO_DO', side: 'CUSTOMER', userName: 'Oscar Operatore' }]);
    // the customer's side never sees the internal fields
    expect(ticket.fields.map((f) => f.id)).not.toContain('supplierReference');
    expect(await w.count(sql`SELECT id FROM ticket_attachments WHERE ticket_id = ${ticket.id}`)).toBe(2);
    expect([...w.files.keys].filter((k) => k.startsWith(`tickets/${ticket.id}/`))).toHaveLength(2);
    const mails = await w.mails('ticketCreated');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toMatchObject({ to_address: SUPPORT, language: 'it' });
    expect(mails.at(-1)!.text_body).toContain(`http://tessera.test/tickets/${ticket.id}`);
    expect(mails.at(-1)!.text_body).toContain('Priorità: Alto');
  });

  it('checks every field type through the route, errors keyed answers.<fieldId>', async () => {
    const before = await tickets();
    const refused = async (answers: Record<string, unknown>) => {
      const answer = await create({ ...REQUIRED_ANSWERS, ...answers });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error.message).toBe('VALIDATION_ERROR');
      return answer.json().errors as Record<string, string>;
    };
    expect(await refused({ title: 'x' })).toEqual({ 'answers.title': 'validation.minLength?min=2' });
    expect(await refused({ title: 'x'.repeat(21) })).toEqual({ 'answers.title': 'validation.maxLength?max=20' });
    expect(await refused({ details: 12 })).toEqual({ 'answers.details': 'validation.invalid' });
    expect(await refused({ orderNumber: 'forty' })).toEqual({ 'answers.orderNumber': 'validation.ticketNumber' });
    expect(await refused({ orderNumber: 1.5 })).toEqual({ 'answers.orderNumber': 'validation.ticketInteger' });
    expect((await refused({ orderNumber: 5000 }))['answers.orderNumber']).toMatch(/^validation\.numberRange/);
    expect(await refused({ contact: 'not-an-address' })).toEqual({ 'answers.contact': 'validation.email' });
    expect(Object.keys(await refused({ screenshot: { name: 'a.png', type: 'image/png' } }))).toEqual(['answers.screenshot']);
    expect(await refused({ area: 'legacy' })).toEqual({ 'answers.area': 'validation.invalid' });
    expect(await refused({ area: 'nowhere' })).toEqual({ 'answers.area': 'validation.invalid' });
    expect(await refused({ channel: 'phone' })).toEqual({ 'answers.channel': 'validation.invalid' });
    expect(await refused({ seenAt: '2026-11-20' })).toEqual({ 'answers.seenAt': 'validation.ticketDateTime' });
    expect(await refused({ happenedOn: '20/11/2026' })).toEqual({ 'answers.happenedOn': 'validation.ticketDate' });
    expect((await refused({ happenedOn: '2019-12-31' }))['answers.happenedOn']).toMatch(/^validation\.ticketDateRange/);
    expect(await refused({ title: '', orderNumber: null })).toEqual({ 'answers.title': 'validation.required', 'answers.orderNumber': 'validation.required' });
    // an unknown field, and an internal one the customer's form does not have
    expect(await refused({ bogus: 'x' })).toEqual({ 'answers.bogus': 'validation.invalid' });
    expect(await refused({ supplierReference: 'REF-1' })).toEqual({ 'answers.supplierReference': 'validation.invalid' });
    expect(await tickets()).toBe(before);
    // the optional ones may be absent or empty
    expect((await create({ ...REQUIRED_ANSWERS, details: '', contact: null })).statusCode).toBe(201);
  });

  it('checks files by extension, declared type and bytes; refuses too many or too large; writes nothing when refused', async () => {
    const before = { tickets: await tickets(), files: w.files.keys.size };
    const refusedWith = async (files: ReturnType<typeof fileOf>[], status: number, code: string, key = 'attachments.0') => {
      const answer = await create(REQUIRED_ANSWERS, { attachments: files });
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().error.message).toBe(code);
      expect(Object.keys(answer.json().errors ?? {})).toEqual([key]);
    };
    // a PNG renamed .pdf; an executable renamed .csv; a type outside the rules
    await refusedWith([fileOf(PNG_BYTES, 'scan.pdf', 'application/pdf')], 415, 'FILE_TYPE_NOT_ALLOWED');
    await refusedWith([fileOf(EXE_BYTES, 'list.csv', 'text/csv')], 415, 'FILE_TYPE_NOT_ALLOWED');
    await refusedWith([fileOf(PDF_BYTES, 'run.exe', 'application/octet-stream')], 415, 'FILE_TYPE_NOT_ALLOWED');
    await refusedWith([fileOf(PDF_BYTES, 'doc.pdf', 'text/html')], 415, 'FILE_TYPE_NOT_ALLOWED');
    // a plain zip is no workbook
    await refusedWith([fileOf(zipWith('word/document.xml'), 'book.xlsx', XLSX)], 415, 'FILE_TYPE_NOT_ALLOWED');
    // 5 MB + 1 byte
    await refusedWith([fileOf(Buffer.alloc(TICKET_LIMITS.fileBytes + 1, 'a'), 'big.txt', 'text/plain')], 413, 'FILE_TOO_LARGE');
    await refusedWith([{ name: 'x.txt', type: 'text/plain', content: '***not base64***' }], 400, 'FILE_UNREADABLE');
    // the second file is the bad one: the first is not stored either
    await refusedWith([fileOf(PDF_BYTES, 'ok.pdf', 'application/pdf'), fileOf(EXE_BYTES, 'list.csv', '')], 415, 'FILE_TYPE_NOT_ALLOWED', 'attachments.1');
    // a file field's file is keyed on its field
    const field = await create({ ...REQUIRED_ANSWERS, screenshot: fileOf(EXE_BYTES, 'shot.png', 'image/png') });
    expect(field.statusCode).toBe(415);
    expect(field.json().errors).toEqual({ 'answers.screenshot': 'validation.fileType' });
    const six = Array.from({ length: TICKET_LIMITS.filesPerPost + 1 }, (_, i) => fileOf(PDF_BYTES, `f${i}.pdf`, 'application/pdf'));
    await refusedWith(six, 400, 'VALIDATION_ERROR', 'attachments');
    expect(await tickets()).toBe(before.tickets);
    expect(w.files.keys.size).toBe(before.files);
    expect(await w.count(sql`SELECT id FROM ticket_attachments`)).toBe(await w.count(sql`SELECT a.id FROM ticket_attachments a JOIN tickets t ON t.id = a.ticket_id`));

    // the legitimate variants: a CSV declared as Excel's, a Latin-1 text, an xlsx, an xls, a JPEG, an RTF, an unknown declared type
    const ok = await create(REQUIRED_ANSWERS, {
      attachments: [
        fileOf('name;amount\nAnna;10\n', 'list.csv', 'application/vnd.ms-excel'),
        fileOf(Buffer.from('Caff\xe8 pagato\n', 'latin1'), 'note.txt', 'text/plain'),
        fileOf(zipWith('xl/workbook.xml'), 'book.xlsx', XLSX),
        fileOf(OLE2_BYTES, 'old.xls', 'application/vnd.ms-excel'),
        fileOf(Buffer.from('{\\rtf1\\ansi hello}'), 'letter.rtf', ''),
      ],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json() as Ticket).attachments.map((a) => a.type).sort()).toEqual(['application/rtf', 'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'text/plain']);
    const jpeg = await create(REQUIRED_ANSWERS, { attachments: [fileOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'photo.JPG', 'image/pjpeg')] });
    expect(jpeg.statusCode, jpeg.body).toBe(201);
  });

  it('a storage that fails mid-request leaves no ticket and no file', async () => {
    const before = { tickets: await tickets(), files: w.files.keys.size };
    w.files.failOn = 'text/plain';
    try {
      const answer = await create(REQUIRED_ANSWERS, { attachments: [fileOf(PDF_BYTES, 'first.pdf', 'application/pdf'), fileOf('hello', 'second.txt', 'text/plain')] });
      expect(answer.statusCode).toBe(500);
    } finally {
      w.files.failOn = null;
    }
    expect(await tickets()).toBe(before.tickets);
    expect(w.files.keys.size).toBe(before.files);
  });

  it('refuses an inactive category (409) and an unknown one (400); the customer lists active categories only, without internal fields', async () => {
    const retired = await w.category({ ...EVERY_TYPE, name: { it: 'Vecchia', en: 'Old' }, active: false });
    const answer = await w.call(w.operator, 'POST', w.url('/tickets'), { categoryId: retired.id, priority: 'LOW', description: 'x', answers: REQUIRED_ANSWERS });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe('TICKET_CATEGORY_INACTIVE');
    const unknown = await w.call(w.operator, 'POST', w.url('/tickets'), { categoryId: crypto.randomUUID(), priority: 'LOW', description: 'x' });
    expect(unknown.json().errors).toEqual({ categoryId: 'validation.invalid' });

    const customer = await w.call(w.operator, 'GET', w.url('/ticket-categories'));
    expect(customer.statusCode).toBe(200);
    const listed: TicketCategory[] = customer.json();
    expect(listed.map((c) => c.id)).toContain(category.id);
    expect(listed.map((c) => c.id)).not.toContain(retired.id);
    expect(listed.flatMap((c) => c.fields).some((f) => f.internal)).toBe(false);
    expect(customer.headers['content-range']).toMatch(/^ticket-categories 0-\d+\/\d+$/);
    const staff: TicketCategory[] = (await w.call(w.admin, 'GET', w.url(`/ticket-categories?filter=${encodeURIComponent('{"active":false}')}`, w.tesseraId))).json();
    expect(staff.map((c) => c.id)).toEqual([retired.id]);
    const found: TicketCategory[] = (await w.call(w.admin, 'GET', w.url(`/ticket-categories?filter=${encodeURIComponent('{"q":"tutti"}')}`, w.tesseraId))).json();
    expect(found.map((c) => c.id)).toEqual([category.id]);
    expect(found[0].fields.some((f) => f.internal)).toBe(true);
    expect(found[0].ticketCount).toBeGreaterThan(0);
    const shown = await w.call(w.operator, 'GET', w.url(`/ticket-categories/${category.id}`));
    expect(shown.json()).toMatchObject({ id: category.id, version: 1, name: { it: 'Tutti i tipi' } });
  });

  it('categories are provider staff\'s: 403 PROVIDER_STAFF_ONLY to the customer, 403 FORBIDDEN without the flag, 400 on a bad body', async () => {
    const byCustomer = await w.call(w.operator, 'POST', w.url('/ticket-categories'), EVERY_TYPE);
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().error.message).toBe('PROVIDER_STAFF_ONLY');
    const edit = await w.call(w.operator, 'PUT', w.url(`/ticket-categories/${category.id}`), EVERY_TYPE);
    expect(edit.json().error.message).toBe('PROVIDER_STAFF_ONLY');
    const noFlag = await w.call(w.noTicketing, 'GET', w.url('/ticket-categories'));
    expect(noFlag.statusCode).toBe(403);
    expect(noFlag.json().error.message).toBe('FORBIDDEN');
    const bad = await w.call(w.admin, 'POST', w.url('/ticket-categories', w.tesseraId), { name: { it: 'X' }, fields: [{ id: 'a', type: 'dropdown', label: { it: 'A', en: 'A' } }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ 'name.en': expect.any(String), 'fields.0.options': 'validation.ticketOptionsRequired' });
  });

  it('a category edit is a new version: the old tickets keep their fields; a type change or a removed option is refused', async () => {
    const own = await w.category({ ...EVERY_TYPE, name: { it: 'Versionata', en: 'Versioned' } });
    const old = await w.ticket(own.id);
    const fields = EVERY_TYPE.fields.filter((f) => f.id !== 'details').map((f) => (f.id === 'area' ? { ...f, options: [...f.options!.map((o) => ({ ...o, retired: true })), { id: 'gifts', label: { it: 'Regali', en: 'Gifts' }, retired: false }] } : f));
    const saved = await w.call(w.admin, 'PUT', w.url(`/ticket-categories/${own.id}`, w.tesseraId), { ...EVERY_TYPE, name: { it: 'Versionata 2', en: 'Versioned 2' }, fields: [...fields, { id: 'extra', type: 'text', label: { it: 'Extra', en: 'Extra' } }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, name: { it: 'Versionata 2' } });
    expect(saved.json().versionId).not.toBe(own.versionId);
    const again = await w.show(old.id);
    expect(again.categoryVersion).toBe(1);
    expect(again.fields.map((f) => f.id)).toContain('details');
    expect(again.fields.map((f) => f.id)).not.toContain('extra');
    expect(again.fields.find((f) => f.id === 'area')!.options!.map((o) => o.id)).toEqual(['cards', 'orders', 'legacy']);
    const fresh = await w.ticket(own.id, { answers: { ...REQUIRED_ANSWERS, area: 'gifts', extra: 'yes' } });
    expect(fresh).toMatchObject({ categoryVersion: 2, answers: { area: 'gifts', extra: 'yes' } });

    const typeChanged = await w.call(w.admin, 'PUT', w.url(`/ticket-categories/${own.id}`, w.tesseraId), { ...EVERY_TYPE, fields: EVERY_TYPE.fields.map((f) => (f.id === 'title' ? { ...f, type: 'textArea' } : f)) });
    expect(typeChanged.statusCode).toBe(409);
    expect(typeChanged.json()).toMatchObject({ error: { message: 'TICKET_CATEGORY_CHANGE_REFUSED' }, errors: { fields: 'validation.ticketFieldTypeChanged?field=title' } });
    const optionRemoved = await w.call(w.admin, 'PUT', w.url(`/ticket-categories/${own.id}`, w.tesseraId), EVERY_TYPE);
    expect(optionRemoved.json().errors).toEqual({ fields: 'validation.ticketOptionRemoved?option=gifts' });
    expect((await w.call(w.admin, 'GET', w.url(`/ticket-categories/${own.id}`, w.tesseraId))).json().version).toBe(2);
  });

  it('scope and flags: 403 FORBIDDEN without ticketing, 404 outside the caller\'s tree, another company\'s ticket 404', async () => {
    const mine = await w.ticket(category.id);
    const noFlag = await w.call(w.noTicketing, 'GET', w.url('/tickets'));
    expect(noFlag.statusCode).toBe(403);
    expect(noFlag.json().error.message).toBe('FORBIDDEN');
    expect((await w.call(w.noTicketing, 'POST', w.url('/tickets'), {})).statusCode).toBe(403);
    expect((await w.call(w.stranger, 'GET', w.url('/tickets'))).statusCode).toBe(404);
    expect((await w.call(w.stranger, 'GET', w.url('/ticket-categories'))).statusCode).toBe(404);
    expect((await w.call(w.stranger, 'GET', w.url(`/ticket-categories/${category.id}`))).statusCode).toBe(404);
    expect((await w.call(w.noTicketing, 'GET', w.url(`/ticket-categories/${category.id}`))).statusCode).toBe(403);
    expect((await w.call(w.stranger, 'GET', w.url(`/tickets/${mine.id}`))).statusCode).toBe(404);
    expect((await w.call(w.stranger, 'GET', w.url(`/tickets/${mine.id}`, w.otherId))).statusCode).toBe(404);
    expect((await w.call(w.stranger, 'POST', w.url(`/tickets/${mine.id}/messages`, w.otherId), { body: 'hi' })).statusCode).toBe(404);
    expect((await w.call(w.stranger, 'DELETE', w.url(`/tickets/${mine.id}`, w.otherId))).statusCode).toBe(404);
    const attachment = (await w.ticket(category.id, { attachments: [fileOf(PDF_BYTES, 'a.pdf', 'application/pdf')] })).attachments[0];
    expect((await w.call(w.stranger, 'GET', w.url(`/tickets/${mine.id}/attachments/${attachment.id}`, w.otherId))).statusCode).toBe(404);
    const strangers: Ticket[] = (await w.call(w.stranger, 'GET', w.url('/tickets', w.otherId))).json();
    expect(strangers.map((t) => t.id)).not.toContain(mine.id);
    // provider staff see every company's
    expect((await w.call(w.admin, 'GET', w.url(`/tickets/${mine.id}`, w.tesseraId))).json()).toMatchObject({ id: mine.id, actions: ['reply', 'status', 'delete', 'internal'] });
  });

  it('staff answer and wait for the customer, who is e-mailed in their current language; the reply moves it back to ON_GOING; completed, then reopened', async () => {
    const ticket = await w.ticket(category.id);
    await w.t.db.db.execute(sql`UPDATE users SET language = 'en' WHERE id = ${w.operatorId}`);
    try {
      // the customer may not set a status
      const customerStatus = await w.call(w.operator, 'POST', w.url(`/tickets/${ticket.id}/messages`), { body: 'Any news?', status: 'COMPLETED' });
      expect(customerStatus.statusCode).toBe(403);
      expect(customerStatus.json().error.message).toBe('PROVIDER_STAFF_ONLY');

      const messages = (await w.mails('ticketMessage')).length;
      const answered = await w.call(w.admin, 'POST', w.url(`/tickets/${ticket.id}/messages`, w.tesseraId), {
        body: 'Please send the receipt.',
        status: 'WAITING_FOR_CUSTOMER',
        attachments: [fileOf('Steps:\n1. open\n', 'steps.txt', 'text/plain')],
      });
      expect(answered.statusCode, answered.body).toBe(200);
      const staffView: Ticket = answered.json();
      expect(staffView).toMatchObject({ status: 'WAITING_FOR_CUSTOMER', messageCount: 1, lastMessageAt: expect.any(String) });
      expect(staffView.messages).toMatchObject([{ side: 'PROVIDER', body: 'Please send the receipt.', authorName: 'Anna Admin', attachmentIds: [expect.any(String)] }]);
      expect(staffView.events.at(-1)).toMatchObject({ kind: 'MESSAGE', fromStatus: 'TO_DO', toStatus: 'WAITING_FOR_CUSTOMER', side: 'PROVIDER' });
      const toCustomer = (await w.mails('ticketMessage')).slice(messages);
      expect(toCustomer).toHaveLength(1);
      expect(toCustomer[0]).toMatchObject({ to_address: 'operator@acme.test', language: 'en', subject: `Ticket ${ticket.number}: new message` });
      expect(toCustomer[0].text_body).toContain('Status: Waiting for the customer');

      const replied = await w.call(w.operator, 'POST', w.url(`/tickets/${ticket.id}/messages`), { body: 'Here it is.', attachments: [fileOf(PDF_BYTES, 'receipt.pdf', 'application/pdf')] });
      expect(replied.statusCode, replied.body).toBe(200);
      expect(replied.json()).toMatchObject({ status: 'ON_GOING', messageCount: 2 });
      expect(replied.json().events.at(-1)).toMatchObject({ kind: 'MESSAGE', fromStatus: 'WAITING_FOR_CUSTOMER', toStatus: 'ON_GOING', side: 'CUSTOMER' });
      const toSupport = (await w.mails('ticketMessage')).slice(messages + 1);
      expect(toSupport).toMatchObject([{ to_address: SUPPORT, language: 'it' }]);
      expect(toSupport[0].text_body).toContain('Here it is.');

      // a status change on its own: WAITING_FOR_CUSTOMER e-mails the customer, others do not
      const statusMails = (await w.mails('ticketStatus')).length;
      expect((await w.call(w.admin, 'POST', w.url(`/tickets/${ticket.id}/status`, w.tesseraId), { status: 'WAITING_FOR_CUSTOMER' })).statusCode).toBe(200);
      expect((await w.mails('ticketStatus')).slice(statusMails)).toMatchObject([{ to_address: 'operator@acme.test', language: 'en', subject: `Ticket ${ticket.number}: Waiting for the customer` }]);
      const same = await w.call(w.admin, 'POST', w.url(`/tickets/${ticket.id}/status`, w.tesseraId), { status: 'WAITING_FOR_CUSTOMER' });
      expect(same.statusCode).toBe(409);
      expect(same.json().error.message).toBe('TICKET_STATE_INVALID');
      const byCustomer = await w.call(w.operator, 'POST', w.url(`/tickets/${ticket.id}/status`), { status: 'COMPLETED' });
      expect(byCustomer.json().error.message).toBe('PROVIDER_STAFF_ONLY');
      const completed = await w.call(w.admin, 'POST', w.url(`/tickets/${ticket.id}/status`, w.tesseraId), { status: 'COMPLETED' });
      expect(completed.json()).toMatchObject({ status: 'COMPLETED', actions: ['status', 'reopen', 'delete', 'internal'] });
      expect(completed.json().events.at(-1)).toMatchObject({ kind: 'STATUS', fromStatus: 'WAITING_FOR_CUSTOMER', toStatus: 'COMPLETED', side: 'PROVIDER' });
      expect((await w.mails('ticketStatus')).length).toBe(statusMails + 1);

      const closed = await w.call(w.operator, 'POST', w.url(`/tickets/${ticket.id}/messages`), { body: 'One more thing', attachments: [fileOf(PDF_BYTES, 'late.pdf', 'application/pdf')] });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().error.message).toBe('TICKET_CLOSED');
      expect(await w.count(sql`SELECT id FROM ticket_attachments WHERE name = 'late.pdf'`)).toBe(0);
      expect((await w.show(ticket.id)).actions).toEqual(['reopen', 'delete']);

      const reopened = await w.call(w.operator, 'POST', w.url(`/tickets/${ticket.id}/reopen`));
      expect(reopened.json()).toMatchObject({ status: 'ON_GOING', actions: ['reply', 'delete'] });
      expect(reopened.json().events.at(-1)).toMatchObject({ kind: 'REOPENED', fromStatus: 'COMPLETED', toStatus: 'ON_GOING', side: 'CUSTOMER' });
      const again = await w.call(w.operator, 'POST', w.url(`/tickets/${ticket.id}/reopen`));
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('TICKET_STATE_INVALID');
    } finally {
      await w.t.db.db.execute(sql`UPDATE users SET language = 'it' WHERE id = ${w.operatorId}`);
    }
  });

  it('provider staff\'s first answer on a TO_DO ticket makes it ANSWER_SENT; the customer\'s reply then ON_GOING', async () => {
    const ticket = await w.ticket(category.id);
    expect((await w.call(w.admin, 'POST', w.url(`/tickets/${ticket.id}/messages`, w.tesseraId), { body: 'Looking into it' })).json().status).toBe('ANSWER_SENT');
    expect((await w.call(w.operator, 'POST', w.url(`/tickets/${ticket.id}/messages`), { body: 'Thanks' })).json().status).toBe('ON_GOING');
    const bad = await w.call(w.operator, 'POST', w.url(`/tickets/${ticket.id}/messages`), { body: '  ' });
    expect(bad.json().errors).toEqual({ body: 'validation.required' });
  });

  it('delete hides the ticket from the customer; provider staff list it and restore it', async () => {
    const ticket = await w.ticket(category.id);
    const deleted = await w.call(w.operator, 'DELETE', w.url(`/tickets/${ticket.id}`));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ deletedAt: expect.any(String), actions: [] });
    expect((await w.call(w.operator, 'GET', w.url(`/tickets/${ticket.id}`))).statusCode).toBe(404);
    expect((await w.call(w.operator, 'POST', w.url(`/tickets/${ticket.id}/messages`), { body: 'hello?' })).statusCode).toBe(404);
    const customerList: Ticket[] = (await w.call(w.operator, 'GET', w.url('/tickets?range=[0,99]'))).json();
    expect(customerList.map((t) => t.id)).not.toContain(ticket.id);
    expect(((await w.call(w.operator, 'GET', w.url(`/tickets?filter=${encodeURIComponent('{"deleted":true}')}`))).json() as Ticket[]).length).toBe(0);

    const restoreByCustomer = await w.call(w.operator, 'POST', w.url(`/tickets/${ticket.id}/restore`));
    expect(restoreByCustomer.statusCode).toBe(403);
    expect(restoreByCustomer.json().error.message).toBe('PROVIDER_STAFF_ONLY');
    const staffDeleted: Ticket[] = (await w.call(w.admin, 'GET', w.url(`/tickets?filter=${encodeURIComponent('{"deleted":true}')}`, w.tesseraId))).json();
    expect(staffDeleted.map((t) => t.id)).toContain(ticket.id);
    expect((await w.show(ticket.id, w.admin)).actions).toEqual(['restore']);
    const reply = await w.call(w.admin, 'POST', w.url(`/tickets/${ticket.id}/messages`, w.tesseraId), { body: 'x' });
    expect(reply.json().error.message).toBe('TICKET_STATE_INVALID');
    const restored = await w.call(w.admin, 'POST', w.url(`/tickets/${ticket.id}/restore`, w.tesseraId));
    expect(restored.json()).toMatchObject({ deletedAt: null, status: 'TO_DO' });
    expect(restored.json().events.map((e: { kind: string }) => e.kind)).toEqual(['CREATED', 'DELETED', 'RESTORED']);
    expect((await w.call(w.admin, 'POST', w.url(`/tickets/${ticket.id}/restore`, w.tesseraId))).json().error.message).toBe('TICKET_STATE_INVALID');
    expect((await w.show(ticket.id)).id).toBe(ticket.id);
  });

  it('internal answers: provider staff\'s only, never shown to the customer nor in their e-mails; an internal file is not theirs to download', async () => {
    const ticket = await w.ticket(category.id);
    const byCustomer = await w.call(w.operator, 'PUT', w.url(`/tickets/${ticket.id}/internal`), { answers: { supplierReference: 'SECRET-REF' } });
    expect(byCustomer.json().error.message).toBe('PROVIDER_STAFF_ONLY');
    const wrong = await w.call(w.admin, 'PUT', w.url(`/tickets/${ticket.id}/internal`, w.tesseraId), { answers: { title: 'changed' } });
    expect(wrong.json().errors).toEqual({ 'answers.title': 'validation.invalid' });
    const saved = await w.call(w.admin, 'PUT', w.url(`/tickets/${ticket.id}/internal`, w.tesseraId), {
      answers: { supplierReference: 'SECRET-REF', supplierFile: fileOf(PDF_BYTES, 'supplier.pdf', 'application/pdf') },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const staff: Ticket = saved.json();
    expect(staff.answers).toMatchObject({ ...REQUIRED_ANSWERS, supplierReference: 'SECRET-REF', supplierFile: { name: 'supplier.pdf' } });
    const internalFile = staff.attachments.find((a) => a.fieldId === 'supplierFile')!;

    const customer = await w.show(ticket.id);
    expect(customer.fields.map((f) => f.id)).not.toContain('supplierReference');
    expect(Object.keys(customer.answers)).not.toContain('supplierReference');
    expect(customer.attachments.map((a) => a.id)).not.toContain(internalFile.id);
    expect(JSON.stringify(customer)).not.toContain('SECRET-REF');
    expect((await w.call(w.operator, 'GET', w.url(`/tickets/${ticket.id}/attachments/${internalFile.id}`))).statusCode).toBe(404);
    expect((await w.call(w.admin, 'GET', w.url(`/tickets/${ticket.id}/attachments/${internalFile.id}`, w.tesseraId))).statusCode).toBe(200);

    const before = (await w.mails('ticketMessage')).length;
    await w.call(w.admin, 'POST', w.url(`/tickets/${ticket.id}/messages`, w.tesseraId), { body: 'We asked the supplier.', status: 'WAITING_FOR_CUSTOMER' });
    await w.call(w.admin, 'POST', w.url(`/tickets/${ticket.id}/status`, w.tesseraId), { status: 'ON_GOING' });
    await w.call(w.admin, 'POST', w.url(`/tickets/${ticket.id}/status`, w.tesseraId), { status: 'WAITING_FOR_CUSTOMER' });
    const customerMails = [...(await w.mails('ticketMessage')).slice(before), ...(await w.mails('ticketStatus'))].filter((m) => m.to_address === 'operator@acme.test');
    expect(customerMails.length).toBeGreaterThanOrEqual(2);
    for (const mail of customerMails) expect(`${mail.subject}\n${mail.text_body}`).not.toMatch(/SECRET-REF|supplier\.pdf|Riferimento fornitore/);
    // replacing the internal answers keeps the customer's, and the internal file the form could not send back
    const cleared = await w.call(w.admin, 'PUT', w.url(`/tickets/${ticket.id}/internal`, w.tesseraId), { answers: {} });
    expect(cleared.json().answers).toEqual({ ...REQUIRED_ANSWERS, supplierFile: { attachmentId: internalFile.id, name: 'supplier.pdf', size: internalFile.size } });
  });

  it('downloads a file as an attachment no browser runs', async () => {
    const ticket = await w.ticket(category.id, { attachments: [fileOf(PDF_BYTES, 'Fattura n°1 (copia).pdf', 'application/pdf')] });
    const [file] = ticket.attachments;
    const answer = await w.call(w.operator, 'GET', w.url(`/tickets/${ticket.id}/attachments/${file.id}`));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="Fattura n_1 _copia_.pdf"; filename*=UTF-8''Fattura%20n%C2%B01%20%28copia%29.pdf`);
    expect(answer.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect((await w.call(w.operator, 'GET', w.url(`/tickets/${ticket.id}/attachments/${crypto.randomUUID()}`))).statusCode).toBe(404);
    const other = await w.ticket(category.id);
    // an attachment through another ticket's path
    expect((await w.call(w.operator, 'GET', w.url(`/tickets/${other.id}/attachments/${file.id}`))).statusCode).toBe(404);
    expect((await w.call(w.noTicketing, 'GET', w.url(`/tickets/${ticket.id}/attachments/${file.id}`))).statusCode).toBe(403);
  });

  it('lists with filters, sorts and load more (Content-Range, Next-Cursor)', async () => {
    const other = await w.category({ ...EVERY_TYPE, name: { it: 'Filtri', en: 'Filters' } });
    const made: Ticket[] = [];
    for (const priority of ['LOW', 'BLOCKING', 'MEDIUM'] as const) made.push(await w.ticket(other.id, { priority, description: `Filter test ${priority}` }));
    await w.call(w.admin, 'POST', w.url(`/tickets/${made[1].id}/status`, w.tesseraId), { status: 'SUSPENDED' });
    const list = async (filter: Record<string, unknown>, extra = '') => {
      const answer = await w.call(w.operator, 'GET', w.url(`/tickets?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`));
      expect(answer.statusCode, answer.body).toBe(200);
      return answer;
    };
    const byCategory = await list({ categoryId: other.id });
    expect((byCategory.json() as Ticket[]).map((t) => t.id)).toEqual([made[2].id, made[1].id, made[0].id]);
    expect(byCategory.headers['content-range']).toBe('tickets 0-2/3');
    expect((await list({ categoryId: other.id, status: 'SUSPENDED' })).json().map((t: Ticket) => t.id)).toEqual([made[1].id]);
    expect((await list({ categoryId: other.id, priority: 'LOW' })).json().map((t: Ticket) => t.id)).toEqual([made[0].id]);
    expect((await list({ q: String(made[2].number) })).json().map((t: Ticket) => t.id)).toEqual([made[2].id]);
    expect((await list({ categoryId: other.id, q: 'filter test urgent' })).json().map((t: Ticket) => t.id)).toEqual([]);
    expect((await list({ categoryId: other.id, q: 'test BLOCKING' })).json().map((t: Ticket) => t.id)).toEqual([made[1].id]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ categoryId: other.id, createdFrom: today, createdTo: today })).json()).toHaveLength(3);
    expect((await list({ categoryId: other.id, createdTo: '2000-01-01' })).json()).toHaveLength(0);
    expect((await w.call(w.operator, 'GET', w.url(`/tickets?filter=${encodeURIComponent('{"createdFrom":"yesterday"}')}`))).json().errors).toEqual({ createdFrom: 'validation.invalid' });
    expect((await w.call(w.operator, 'GET', w.url(`/tickets?filter=${encodeURIComponent('{"colour":"red"}')}`))).statusCode).toBe(400);
    const byPriority = await list({ categoryId: other.id }, `&sort=${encodeURIComponent('["priority","DESC"]')}`);
    expect(byPriority.json().map((t: Ticket) => t.priority)).toEqual(['BLOCKING', 'MEDIUM', 'LOW']);

    // load more: a page of two, then the rest after the cursor
    const first = await list({ categoryId: other.id }, `&sort=${encodeURIComponent('["number","ASC"]')}&range=${encodeURIComponent('[0,1]')}`);
    expect(first.headers['content-range']).toBe('tickets 0-1/*');
    const cursor = first.headers['next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const second = await list({ categoryId: other.id }, `&sort=${encodeURIComponent('["number","ASC"]')}&range=${encodeURIComponent('[2,3]')}&cursor=${cursor}`);
    expect([...first.json(), ...second.json()].map((t: Ticket) => t.id)).toEqual(made.map((t) => t.id));
    expect(second.headers['content-range']).toBe('tickets 2-2/3');
  });
});
