import { describe, expect, it } from 'vitest';
import {
  isTicketClosed,
  localized,
  TICKET_STATUSES,
  ticketActionsFor,
  ticketAnswersSchema,
  ticketCategoryBodySchema,
  ticketCategoryChangeRefusal,
  ticketFieldDefinitionSchema,
  ticketFileExtension,
  ticketFileRefusal,
  ticketStatusAfterMessage,
  TICKET_LIMITS,
  type TicketFieldDefinition,
} from './tickets';

const field = (f: Partial<TicketFieldDefinition> & Pick<TicketFieldDefinition, 'id' | 'type'>): TicketFieldDefinition => ({ label: { it: f.id, en: f.id }, required: false, internal: false, ...f });
const choice = (id: string, options: string[], retired: string[] = []) =>
  field({ id, type: 'dropdown', options: options.map((o) => ({ id: o, label: { it: o, en: o }, retired: retired.includes(o) })) });

describe('ticket actions and statuses', () => {
  it('offers each side what SPEC §4 lets it do', () => {
    expect(ticketActionsFor({ status: 'TO_DO', deleted: false }, 'CUSTOMER')).toEqual(['reply', 'delete']);
    expect(ticketActionsFor({ status: 'TO_DO', deleted: false }, 'PROVIDER')).toEqual(['reply', 'status', 'delete', 'internal']);
    expect(ticketActionsFor({ status: 'COMPLETED', deleted: false }, 'CUSTOMER')).toEqual(['reopen', 'delete']);
    expect(ticketActionsFor({ status: 'DISCARDED', deleted: false }, 'PROVIDER')).toEqual(['status', 'reopen', 'delete', 'internal']);
    expect(ticketActionsFor({ status: 'ON_GOING', deleted: true }, 'CUSTOMER')).toEqual([]);
    expect(ticketActionsFor({ status: 'ON_GOING', deleted: true }, 'PROVIDER')).toEqual(['restore']);
    expect(TICKET_STATUSES.filter(isTicketClosed)).toEqual(['COMPLETED', 'DISCARDED']);
  });

  it('moves a ticket after a message: the customer\'s reply to a waiting or answered ticket → ON_GOING; staff\'s first answer → ANSWER_SENT', () => {
    expect(ticketStatusAfterMessage('WAITING_FOR_CUSTOMER', 'CUSTOMER')).toBe('ON_GOING');
    expect(ticketStatusAfterMessage('ANSWER_SENT', 'CUSTOMER')).toBe('ON_GOING');
    expect(ticketStatusAfterMessage('TO_DO', 'CUSTOMER')).toBe('TO_DO');
    expect(ticketStatusAfterMessage('SUSPENDED', 'CUSTOMER')).toBe('SUSPENDED');
    expect(ticketStatusAfterMessage('TO_DO', 'PROVIDER')).toBe('ANSWER_SENT');
    expect(ticketStatusAfterMessage('WAITING_FOR_CUSTOMER', 'PROVIDER')).toBe('WAITING_FOR_CUSTOMER');
  });
});

describe('ticket category definitions', () => {
  it('needs an offered option on a choice, none elsewhere, unique ids and sane limits', () => {
    expect(ticketFieldDefinitionSchema.safeParse(choice('a', ['x'], ['x'])).success).toBe(false);
    expect(ticketFieldDefinitionSchema.safeParse(choice('a', ['x', 'x'])).success).toBe(false);
    expect(ticketFieldDefinitionSchema.safeParse({ ...field({ id: 'n', type: 'number' }), options: [{ id: 'x', label: { it: 'x', en: 'x' } }] }).success).toBe(false);
    expect(ticketFieldDefinitionSchema.safeParse(field({ id: 'n', type: 'number', limits: { min: 5, max: 1 } })).success).toBe(false);
    expect(ticketFieldDefinitionSchema.safeParse(field({ id: 'Bad id', type: 'text' })).success).toBe(false);
    const twice = ticketCategoryBodySchema.safeParse({ name: { it: 'C', en: 'C' }, fields: [field({ id: 'a', type: 'text' }), field({ id: 'a', type: 'date' })] });
    expect(twice.success).toBe(false);
    expect(ticketCategoryBodySchema.parse({ name: { it: 'C', en: 'C' }, fields: [] }).active).toBe(true);
  });

  it('refuses a new version that changes a type or drops an option; adding, removing fields and retiring options are fine', () => {
    const before = [field({ id: 'a', type: 'text' }), choice('b', ['x', 'y'])];
    expect(ticketCategoryChangeRefusal(before, [choice('b', ['x', 'y', 'z'], ['x']), field({ id: 'c', type: 'date' })])).toBeNull();
    expect(ticketCategoryChangeRefusal(before, [field({ id: 'a', type: 'textArea' }), choice('b', ['x', 'y'])])).toBe('validation.ticketFieldTypeChanged?field=a');
    expect(ticketCategoryChangeRefusal(before, [field({ id: 'a', type: 'text' }), choice('b', ['x'])])).toBe('validation.ticketOptionRemoved?option=y');
  });

  it('reads a label in the language; one it lacks reads in English for a non-Italian reader (issue 43), Italian for an Italian one', () => {
    expect(localized({ it: 'Ordine', en: 'Order' }, 'en-GB')).toBe('Order');
    expect(localized({ it: 'Ordine', en: 'Order', de: 'Bestellung' }, 'de')).toBe('Bestellung');
    // no Italian on a German, Spanish or French screen
    expect(localized({ it: 'Ordine', en: 'Order' }, 'de')).toBe('Order');
    expect(localized({ it: 'Ordine', en: 'Order', de: '  ' }, 'de-CH')).toBe('Order');
    expect(localized({ it: 'Ordine', en: 'Order', fr: 'Commande' }, 'es')).toBe('Order');
    expect(localized({ it: 'Ordine', en: 'Order', fr: 'Commande' }, 'fr')).toBe('Commande');
    // Italian readers read Italian; an English text with a blank translation still reads
    expect(localized({ it: 'Ordine', en: 'Order', es: 'Pedido' }, 'it')).toBe('Ordine');
    expect(localized({ it: 'Ordine', en: ' ' }, 'es')).toBe('Ordine');
  });
});

describe('ticketAnswersSchema', () => {
  const fields = [
    field({ id: 'title', type: 'text', required: true, limits: { minLength: 2 } }),
    field({ id: 'n', type: 'number', limits: { min: 1, max: 10, integer: true } }),
    field({ id: 'mail', type: 'email' }),
    field({ id: 'day', type: 'date', limits: { minDate: '2026-01-01' } }),
    field({ id: 'at', type: 'dateTime', limits: { maxDate: '2026-12-31' } }),
    choice('pick', ['a', 'b'], ['b']),
    field({ id: 'doc', type: 'file' }),
    field({ id: 'secret', type: 'text', internal: true }),
  ];
  const customer = ticketAnswersSchema(fields, 'customer');
  const errorsOf = (value: unknown) => {
    const parsed = customer.safeParse(value);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || i.code, i.message]));
  };

  it('takes each type\'s answer; optional ones may be absent, null or empty', () => {
    expect(customer.parse({ title: ' ok ', n: 3, mail: 'a@b.it', day: '2026-02-01', at: '2026-03-01T10:00:00Z', pick: 'a', doc: { type: 'application/pdf', name: 'a.pdf', content: 'JVBERg==' } })).toMatchObject({ title: 'ok', n: 3 });
    expect(customer.parse({ title: 'ok', n: null, mail: '', day: '  ' })).toEqual({ title: 'ok' });
  });

  it('refuses what each type forbids', () => {
    expect(errorsOf({})).toEqual({ title: 'validation.required' });
    expect(errorsOf({ title: 'x' })).toEqual({ title: 'validation.minLength?min=2' });
    expect(errorsOf({ title: 'ok', n: 2.5 })).toEqual({ n: 'validation.ticketInteger' });
    expect(errorsOf({ title: 'ok', n: '3' })).toEqual({ n: 'validation.ticketNumber' });
    expect(errorsOf({ title: 'ok', n: 11 }).n).toMatch(/^validation\.numberRange/);
    expect(errorsOf({ title: 'ok', mail: 'nope' })).toEqual({ mail: 'validation.email' });
    expect(errorsOf({ title: 'ok', day: '2025-12-31' }).day).toMatch(/^validation\.ticketDateRange/);
    expect(errorsOf({ title: 'ok', at: '2027-01-01T00:00:00Z' }).at).toMatch(/^validation\.ticketDateRange/);
    expect(errorsOf({ title: 'ok', at: '2026-01-01 10:00' })).toEqual({ at: 'validation.ticketDateTime' });
    expect(errorsOf({ title: 'ok', pick: 'b' })).toEqual({ pick: 'validation.invalid' });
    expect(Object.keys(errorsOf({ title: 'ok', doc: { name: 'a.pdf' } }))[0]).toMatch(/^doc/);
    expect(errorsOf({ title: 'ok', secret: 'x' })).toEqual({ unrecognized_keys: expect.any(String) });
  });

  it('the internal form has only the internal fields', () => {
    const internal = ticketAnswersSchema(fields, 'internal');
    expect(internal.parse({ secret: 'ref' })).toEqual({ secret: 'ref' });
    expect(internal.safeParse({ title: 'ok' }).success).toBe(false);
  });
});

describe('ticket attachments (the browser\'s check)', () => {
  it('knows the extensions and their legitimate declared types', () => {
    expect(ticketFileExtension('Report.Final.XLSX')).toBe('xlsx');
    expect(ticketFileExtension('noextension')).toBe('');
    expect(ticketFileRefusal({ name: 'a.csv', type: 'application/vnd.ms-excel', size: 10 })).toBeNull();
    expect(ticketFileRefusal({ name: 'a.csv', type: 'text/plain; charset=utf-8', size: 10 })).toBeNull();
    expect(ticketFileRefusal({ name: 'a.pdf', type: '', size: 10 })).toBeNull();
    expect(ticketFileRefusal({ name: 'a.xlsx', type: 'application/octet-stream', size: 10 })).toBeNull();
    expect(ticketFileRefusal({ name: 'a.exe', type: 'application/octet-stream', size: 10 })).toBe('validation.ticketFileType');
    expect(ticketFileRefusal({ name: 'a.pdf', type: 'image/png', size: 10 })).toBe('validation.ticketFileType');
    expect(ticketFileRefusal({ name: 'a.pdf', type: 'application/pdf', size: TICKET_LIMITS.fileBytes + 1 })).toBe('validation.fileTooLarge?maxBytes=5242880');
  });
});
