import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import {
  readSquareCsv,
  smtpOutcome,
  SQUARE_LIMITS,
  SQUARE_ORDER_ACTIONS,
  SQUARE_ORDER_STATES,
  squareCodeExpiry,
  squareConfirmTarget,
  squareCsvTemplate,
  squareOrderActionRefusal,
  squareOrderActionsFor,
  squareOrderTarget,
  squareRefusalStatus,
  squareRetryDelaySeconds,
  type SquareOrderAction,
  type SquareOrderState,
} from './square';

const staff = { isProvider: true };
const customer = { isProvider: false };
const at = (state: SquareOrderState, totalAmountCents = 5000) => ({ state, totalAmountCents });

describe('the square order transition table', () => {
  // every state × action a provider may ask: the target, or refused
  const ALLOWED: Record<SquareOrderState, Partial<Record<SquareOrderAction, SquareOrderState | 'REMOVED'>>> = {
    PENDING: {},
    DRAFT: { confirm: 'APPROVING', delete: 'REMOVED' },
    WAITING_FOR_APPROVAL: { approve: 'APPROVING', cancel: 'CANCELLED' },
    APPROVING: {},
    NOT_ACTIVE: { activate: 'ACTIVATING', cancel: 'CANCELLING' },
    ACTIVATING: {},
    ACTIVE: { cancel: 'CANCELLING' },
    CANCELLING: {},
    CANCELLED: {},
  };
  for (const state of SQUARE_ORDER_STATES) {
    for (const action of SQUARE_ORDER_ACTIONS) {
      const target = ALLOWED[state][action];
      it(`${state} ${action}: ${target ?? 'refused'}`, () => {
        expect(squareOrderActionRefusal(action, at(state), staff)).toBe(target === undefined ? 'SQUARE_ORDER_STATE_INVALID' : null);
        if (target !== undefined) expect(squareOrderTarget(action, at(state), 10_000)).toBe(target);
      });
    }
  }

  it('approve is provider staff only (403), whatever the state', () => {
    expect(squareOrderActionRefusal('approve', at('WAITING_FOR_APPROVAL'), customer)).toBe('FORBIDDEN');
    expect(squareOrderActionRefusal('approve', at('DRAFT'), customer)).toBe('FORBIDDEN');
    expect(squareRefusalStatus('FORBIDDEN')).toBe(403);
    expect(squareRefusalStatus('SQUARE_ORDER_STATE_INVALID')).toBe(409);
    expect(squareOrderActionsFor(at('WAITING_FOR_APPROVAL'), customer)).toEqual(['cancel']);
    expect(squareOrderActionsFor(at('WAITING_FOR_APPROVAL'), staff)).toEqual(['approve', 'cancel']);
    expect(squareOrderActionsFor(at('DRAFT'), customer)).toEqual(['confirm', 'delete']);
    expect(squareOrderActionsFor(at('ACTIVATING'), staff)).toEqual([]);
  });

  it('confirm waits for approval at or above the threshold, skips it below', () => {
    expect(squareConfirmTarget(9_999, 10_000)).toBe('APPROVING');
    expect(squareConfirmTarget(10_000, 10_000)).toBe('WAITING_FOR_APPROVAL');
    expect(squareOrderTarget('confirm', at('DRAFT', 50_000), 10_000)).toBe('WAITING_FOR_APPROVAL');
  });
});

describe('readSquareCsv', () => {
  const header = 'email;firstName;lastName;amount';
  const read = (...lines: string[]) => readSquareCsv([header, ...lines].join('\r\n'));

  it('a 5 MB file of short lines is refused by its count at once, without splitting it', () => {
    const text = `${header}\r\n${'x;y;z;1\r\n'.repeat(Math.floor((5 * 1024 * 1024) / 9))}`;
    const started = performance.now();
    const reading = readSquareCsv(text);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(reading.recipients).toEqual([]);
    expect(reading.problems).toEqual([{ line: 1, column: 'file', code: 'validation.csvTooManyRows', severity: 'error', params: { max: SQUARE_LIMITS.maxRows } }]);
  });

  it('reads good lines with their line numbers, Italian amounts with `;`, up to one code\'s most', () => {
    const r = read('Anna@Example.com;Anna;Verdi;1.000,00', 'bruno@example.com;Bruno;;12', 'carla@example.com;Carla;Blu;1.000,01');
    expect(r.recipients).toEqual([
      { line: 2, email: 'anna@example.com', firstName: 'Anna', lastName: 'Verdi', amountCents: SQUARE_LIMITS.maxAmountCents },
      { line: 3, email: 'bruno@example.com', firstName: 'Bruno', lastName: '', amountCents: 1200 },
    ]);
    expect(r.problems).toEqual([expect.objectContaining({ line: 4, column: 'amount', severity: 'error' })]);
  });

  it('reads English amounts with `,`, header names in any case and with underscores, quoted cells', () => {
    const r = readSquareCsv('EMAIL,First_Name,last name,Amount\n"anna@example.com","Verdi, Anna",Rossi,"12.50"\n');
    expect(r.problems).toEqual([{ line: 2, column: 'firstName', code: 'validation.squareName', severity: 'error', params: { max: SQUARE_LIMITS.maxNameLength } }]);
    const ok = readSquareCsv('EMAIL,First_Name,last name,Amount\n"anna@example.com","Anna Maria",Rossi,"1,000.00"\n');
    expect(ok.recipients).toEqual([{ line: 2, email: 'anna@example.com', firstName: 'Anna Maria', lastName: 'Rossi', amountCents: 100_000 }]);
  });

  it('reports each bad line by column and reason, keeping its cells', () => {
    const r = read('bad-email;Anna;Verdi;10,00', 'carla@example.com;Carla;Blu;10,005', 'dario@example.com;;Rosa;10,00', 'eva@example.com;Eva;Neri;0', 'fabio@example.com;Fabio;Neri;abc');
    expect(r.problems).toEqual([
      { line: 2, column: 'email', code: 'validation.email', severity: 'error' },
      { line: 3, column: 'amount', code: 'validation.amountDecimals?exampleInputCents=2550', severity: 'error' },
      { line: 4, column: 'firstName', code: 'validation.required', severity: 'error' },
      { line: 5, column: 'amount', code: 'validation.amount', severity: 'error' },
      { line: 6, column: 'amount', code: 'validation.amountFormat?wholeInputCents=2500&exampleInputCents=2550', severity: 'error' },
    ]);
    expect(r.recipients).toEqual([]);
    expect(r.cells[3]).toEqual(['carla@example.com', 'Carla', 'Blu', '10,005']);
  });

  it('the same e-mail and amount twice is an error on the later line, naming the first', () => {
    const r = read('anna@example.com;Anna;Verdi;10,00', 'bruno@example.com;Bruno;Neri;10,00', 'ANNA@example.com;Anna;Verdi;10,00', 'anna@example.com;Anna;Verdi;20,00');
    expect(r.problems).toEqual([{ line: 4, column: 'email', code: 'validation.squareDuplicate', severity: 'error', params: { line: 2 } }]);
    expect(r.recipients.map((x) => x.line)).toEqual([2, 3, 5]);
  });

  it('refuses a missing or wrong header and an empty file as a whole', () => {
    expect(readSquareCsv('email;name;amount\nx@example.com;A;1').problems).toEqual([{ line: 1, column: 'file', code: 'validation.squareCsvHeader', severity: 'error', params: { columns: 'firstName, lastName' } }]);
    expect(readSquareCsv('x@example.com;Anna;Verdi;10,00').problems[0]).toMatchObject({ column: 'file', code: 'validation.squareCsvHeader' });
    expect(readSquareCsv('').problems).toEqual([{ line: 1, column: 'file', code: 'validation.csvEmpty', severity: 'error' }]);
    expect(readSquareCsv(`\uFEFF${header}\r\n\r\n`).problems[0].code).toBe('validation.csvEmpty');
  });

  it('reads its own template', () => {
    for (const language of LANGUAGES) expect(readSquareCsv(squareCsvTemplate(language))).toMatchObject({ problems: [], recipients: [{ amountCents: 5000 }, { amountCents: 2500 }] });
  });
});

describe('squareCodeExpiry', () => {
  it('adds the months on the same day, clamped to the month end, in UTC', () => {
    expect(squareCodeExpiry(new Date('2026-01-15T10:00:00Z'), 12).toISOString()).toBe('2027-01-15T10:00:00.000Z');
    expect(squareCodeExpiry(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(squareCodeExpiry(new Date('2027-11-30T23:30:00Z'), 3).toISOString()).toBe('2028-02-29T23:30:00.000Z');
  });
});

describe('delivery rules', () => {
  it('a 5xx is permanent; a 4xx or no answer is temporary; 2xx is never asked', () => {
    expect(smtpOutcome(550)).toBe('permanent');
    expect(smtpOutcome(554)).toBe('permanent');
    expect(smtpOutcome(421)).toBe('temporary');
    expect(smtpOutcome(451)).toBe('temporary');
    expect(smtpOutcome(undefined)).toBe('temporary');
  });

  it('retries after growing delays, then gives up', () => {
    expect([1, 2, 3, 4, 5].map(squareRetryDelaySeconds)).toEqual([60, 300, 900, 3600, 14_400]);
    expect(squareRetryDelaySeconds(6)).toBeNull();
  });
});
