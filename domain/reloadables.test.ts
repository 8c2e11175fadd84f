import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import {
  cardActionRefusal,
  cardActionsFor,
  cardSearchRefusal,
  createReloadsBodySchema,
  DEFAULT_RELOAD_CAPS,
  oneCardRefusal,
  parseReloadCsv,
  periodOf,
  periodTotals,
  plannedReloadFilterSchema,
  reloadableCardFilterSchema,
  reloadCsvTemplate,
  reloadDisplayState,
  movementKindOf,
  reloadRefusal,
  RELOAD_AMOUNT_EXAMPLES,
  RELOAD_LIMITS,
  reportedErrors,
  type ReloadableCardState,
} from './reloadables';

const NOV = new Date('2026-11-23T10:00:00Z');
const card = (over: Partial<ReloadableCardState> = {}): ReloadableCardState => ({
  status: 'ACTIVE',
  expirationDate: '2029-12-31',
  monthKey: '2026-11',
  yearKey: '2026',
  monthReloadedCents: 0,
  yearReloadedCents: 0,
  ...over,
});

describe('reload rules', () => {
  it('refuses every state but ACTIVE with its own reason', () => {
    expect(reloadRefusal(card({ status: 'LOCKED' }), 100, NOV, DEFAULT_RELOAD_CAPS)).toBe('RELOAD_CARD_LOCKED');
    expect(reloadRefusal(card({ status: 'FREEZED' }), 100, NOV, DEFAULT_RELOAD_CAPS)).toBe('RELOAD_CARD_FROZEN');
    expect(reloadRefusal(card({ status: 'NOT ACTIVE' }), 100, NOV, DEFAULT_RELOAD_CAPS)).toBe('RELOAD_CARD_NOT_ACTIVE');
    expect(reloadRefusal(card({ status: 'DELETED' }), 100, NOV, DEFAULT_RELOAD_CAPS)).toBe('RELOAD_CARD_DELETED');
    expect(reloadRefusal(card(), 100, NOV, DEFAULT_RELOAD_CAPS)).toBeNull();
  });

  it('refuses an expired card, not one expiring today', () => {
    expect(reloadRefusal(card({ expirationDate: '2026-11-22' }), 100, NOV, DEFAULT_RELOAD_CAPS)).toBe('RELOAD_CARD_EXPIRED');
    expect(reloadRefusal(card({ expirationDate: '2026-11-23' }), 100, NOV, DEFAULT_RELOAD_CAPS)).toBeNull();
  });

  it('counts this month and year, the rest of the run, and the new amount against the caps', () => {
    const caps = { monthlyCapCents: 10_000, yearlyCapCents: 30_000 };
    expect(reloadRefusal(card({ monthReloadedCents: 9_000 }), 1_000, NOV, caps)).toBeNull();
    expect(reloadRefusal(card({ monthReloadedCents: 9_000 }), 1_001, NOV, caps)).toBe('RELOAD_MONTHLY_CAP');
    expect(reloadRefusal(card({ monthReloadedCents: 8_000 }), 1_000, NOV, caps, 1_500)).toBe('RELOAD_MONTHLY_CAP');
    expect(reloadRefusal(card({ yearReloadedCents: 29_500 }), 600, NOV, caps)).toBe('RELOAD_YEARLY_CAP');
  });

  it('starts the totals again in a new month or year (Rome time)', () => {
    const october = card({ monthKey: '2026-10', monthReloadedCents: 250_000, yearReloadedCents: 250_000 });
    expect(periodTotals(october, NOV)).toEqual({ month: 0, year: 250_000 });
    expect(reloadRefusal(october, 1_000, NOV, DEFAULT_RELOAD_CAPS)).toBeNull();
    // 23:30 UTC on 31 December is already 1 January in Rome
    expect(periodOf(new Date('2026-12-31T23:30:00Z'))).toEqual({ month: '2027-01', year: '2027' });
    expect(periodTotals(card({ yearReloadedCents: 5 }), new Date('2026-12-31T23:30:00Z'))).toEqual({ month: 0, year: 0 });
  });

  it('offers only the card actions that would succeed', () => {
    expect(cardActionsFor('ACTIVE')).toEqual({ lock: true, unlock: false, reload: true, linkCompany: true, clientId: true });
    expect(cardActionsFor('LOCKED')).toEqual({ lock: false, unlock: true, reload: false, linkCompany: true, clientId: true });
    expect(cardActionsFor('FREEZED')).toMatchObject({ lock: false, unlock: false, reload: false });
    expect(cardActionsFor('DELETED')).toEqual({ lock: false, unlock: false, reload: false, linkCompany: false, clientId: false });
    expect(cardActionRefusal('FREEZED', 'unlock')).toBe('CARD_STATE_INVALID');
    expect(cardActionRefusal('NOT ACTIVE', 'lock')).toBeNull();
  });

  it('offers no action that could change nothing: no link without another company, no reload the rules would refuse', () => {
    expect(cardActionsFor('ACTIVE', { otherCompanies: false })).toMatchObject({ linkCompany: false, lock: true, clientId: true });
    expect(cardActionsFor('ACTIVE', { reloadableNow: false }).reload).toBe(false);
    expect(cardActionsFor('ACTIVE', { paidHere: false }).reload).toBe(false);
  });
});

describe('searches and how states and movements read', () => {
  it('refuses a cards search shorter than its rule: 4 digits of a number, 2 characters otherwise (the filter schema says the same)', () => {
    expect(['12', '535', '5 3 5', 'R', ' a '].map(cardSearchRefusal)).toEqual([
      'validation.cardSearchDigits?min=4',
      'validation.cardSearchDigits?min=4',
      'validation.cardSearchDigits?min=4',
      'validation.searchMinChars?min=2',
      'validation.searchMinChars?min=2',
    ]);
    expect(['5350', '5350 0000', 'Ro', 'EMP-1', 'x1'].map(cardSearchRefusal)).toEqual([null, null, null, null, null]);
    const parsed = reloadableCardFilterSchema.safeParse({ q: '12' });
    expect(parsed.success ? null : parsed.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['q', 'validation.cardSearchDigits?min=4']]);
    expect(reloadableCardFilterSchema.safeParse({ q: 'Rossi' }).success).toBe(true);
    const queue = plannedReloadFilterSchema.safeParse({ cardNumber: '535' });
    expect(queue.success ? null : queue.error.issues.map((i) => i.message)).toEqual(['validation.cardSearchDigits?min=4']);
    expect(plannedReloadFilterSchema.safeParse({ cardNumber: '5350' }).success).toBe(true);
  });

  it('reads a plan whose time has not come as PLANNED, not in progress', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(reloadDisplayState({ state: 'IN_PROGRESS', scheduledAt: '2026-11-24T08:00:00Z', startedAt: null }, now)).toBe('PLANNED');
    expect(reloadDisplayState({ state: 'IN_PROGRESS', scheduledAt: '2026-11-23T08:00:00Z', startedAt: null }, now)).toBe('IN_PROGRESS');
    expect(reloadDisplayState({ state: 'IN_PROGRESS', scheduledAt: '2026-11-24T08:00:00Z', startedAt: '2026-11-23T09:00:00Z' }, now)).toBe('IN_PROGRESS');
    expect(reloadDisplayState({ state: 'IN_PROGRESS', scheduledAt: null }, now)).toBe('IN_PROGRESS');
    expect(reloadDisplayState({ state: 'DELETED', scheduledAt: '2026-11-24T08:00:00Z' }, now)).toBe('DELETED');
  });

  it('words a transfer as a transfer, whatever its SPEC type', () => {
    expect(movementKindOf({ type: 'WALLET_RELOAD', reason: 'FUNDING' })).toBe('WALLET_RELOAD');
    expect(movementKindOf({ type: 'WALLET_RELOAD', reason: 'TRANSFER_OUT' })).toBe('TRANSFER');
    expect(movementKindOf({ type: 'WALLET_RELOAD', reason: 'TRANSFER_IN' })).toBe('TRANSFER');
    expect(movementKindOf({ type: 'CARD_RELOAD', reason: 'CARD_RELOAD' })).toBe('CARD_RELOAD');
  });
});

describe('one card reloaded by hand', () => {
  it('answers the bare reason of its refused row, or a 400 on the amount', () => {
    expect(oneCardRefusal({ 'rows.1.card': 'errors.codes.RELOAD_CARD_LOCKED' })).toEqual({ status: 409, code: 'RELOAD_CARD_LOCKED' });
    expect(oneCardRefusal({ 'rows.1.amount': 'validation.amountMax?maxCents=250000' })).toEqual({ status: 400, code: 'VALIDATION_ERROR', errors: { amountCents: 'validation.amountMax?maxCents=250000' } });
  });
});

describe('reloads CSV', () => {
  it('reads the template of every language back', () => {
    for (const language of LANGUAGES) {
      expect(parseReloadCsv(reloadCsvTemplate(language))).toEqual({
        rows: [
          { row: 2, cardNumber: '5350000000000001', amountCents: 2500 },
          { row: 3, cardNumber: '5350000000000002', amountCents: 1250 },
        ],
        errors: [],
      });
    }
  });

  it('names the row, field and reason of every bad line and keeps the good ones', () => {
    const text = ['CardNumber;Amount', '5350000000000001;10', ';5', '53500000000X;5', '5350000000000004;-3', '5350000000000005;1,234', '5350000000000006;', '', '"5350 0000 0000 0007";"2500,01"'].join('\r\n');
    const { rows, errors } = parseReloadCsv(text);
    expect(rows).toEqual([{ row: 2, cardNumber: '5350000000000001', amountCents: 1000 }]);
    expect(errors).toEqual([
      { row: 3, field: 'cardNumber', code: 'validation.required' },
      { row: 4, field: 'cardNumber', code: 'validation.cardNumber?min=6&max=19' },
      { row: 5, field: 'amount', code: 'validation.amountNegative' },
      // a ";" file is read the Italian way: "1,234" has three decimals
      { row: 6, field: 'amount', code: 'validation.amountDecimals?exampleInputCents=2550' },
      { row: 7, field: 'amount', code: 'validation.required' },
      { row: 9, field: 'amount', code: 'validation.amountMax?maxCents=250000' },
    ]);
  });

  it('reads amounts the way the file\'s convention writes them: ";" Italian, "," English', () => {
    expect(parseReloadCsv('cardNumber;amount\n5350000000000001;1.500,50\n5350000000000002;1.500\n5350000000000003;12.5').rows.map((r) => r.amountCents)).toEqual([150050, 150000, 1250]);
    expect(parseReloadCsv('cardNumber,amount\n5350000000000001,1500.50\n5350000000000002,"1,500"\n5350000000000003,"12,5"').rows.map((r) => r.amountCents)).toEqual([150050, 150000, 1250]);
    expect(parseReloadCsv('cardNumber;amount\n5350000000000001;dieci').errors).toEqual([{ row: 2, field: 'amount', code: 'validation.amountFormat?wholeInputCents=2500&exampleInputCents=2550' }]);
  });

  it('refuses a file without the header or without rows', () => {
    expect(parseReloadCsv('card,euro\n1,2').errors).toEqual([{ row: 1, field: 'file', code: 'validation.csvHeader' }]);
    expect(parseReloadCsv('').errors).toEqual([{ row: 1, field: 'file', code: 'validation.csvEmpty' }]);
    expect(parseReloadCsv('\uFEFFcardNumber,amount\r\n\r\n').errors).toEqual([{ row: 1, field: 'file', code: 'validation.csvEmpty' }]);
  });

  it('refuses more rows than a run may have', () => {
    const lines = ['cardNumber,amount', ...Array.from({ length: RELOAD_LIMITS.maxRows + 1 }, (_, i) => `${5350000000000000 + i},1`)];
    // refused before any line is read: one file error naming the cap, no line reported
    expect(parseReloadCsv(lines.join('\n'))).toEqual({ rows: [], errors: [{ row: 1, field: 'file', code: `validation.csvTooManyRows?max=${RELOAD_LIMITS.maxRows}` }] });
  });

  it('a 5 MB file of bad short lines is refused at once by its row count, in flat memory', () => {
    const text = 'cardNumber,amount\n' + 'x,y\n'.repeat(1_300_000);
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const parsed = parseReloadCsv(text);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parsed.errors).toHaveLength(1);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('a check reports its first errors one by one and the others by number', () => {
    const errors = Array.from({ length: 450 }, (_, i) => ({ row: i + 2, field: 'amount' as const, code: 'validation.amount' }));
    const reported = reportedErrors([{ row: 1, field: 'file', code: 'validation.csvHeader' }, ...errors]);
    expect(reported.errors).toHaveLength(RELOAD_LIMITS.maxReportedErrors + 1);
    expect(reported).toMatchObject({ errorCount: 450, badRows: 450 });
  });
});

describe('run body', () => {
  it('needs a card by id or by number, not both, and integer cents within the limit', () => {
    const ok = { source: 'MANUAL', rows: [{ cardNumber: '5350000000000001', amountCents: 100 }] };
    expect(createReloadsBodySchema.safeParse(ok).success).toBe(true);
    expect(createReloadsBodySchema.safeParse({ ...ok, rows: [{ amountCents: 100 }] }).success).toBe(false);
    expect(createReloadsBodySchema.safeParse({ ...ok, rows: [{ cardNumber: '5350000000000001', cardId: '2f1c1b4e-6a1d-4a55-9d39-2d1f3b0f5c11', amountCents: 100 }] }).success).toBe(false);
    expect(createReloadsBodySchema.safeParse({ ...ok, rows: [{ cardNumber: '5350000000000001', amountCents: 10.5 }] }).success).toBe(false);
    expect(createReloadsBodySchema.safeParse({ ...ok, rows: [{ cardNumber: '5350000000000001', amountCents: 0 }] }).success).toBe(false);
    expect(createReloadsBodySchema.safeParse({ ...ok, rows: [{ cardNumber: '5350000000000001', amountCents: RELOAD_LIMITS.maxReloadCents + 1 }] }).success).toBe(false);
    expect(createReloadsBodySchema.safeParse({ ...ok, scheduledAt: 'tomorrow' }).success).toBe(false);
  });
});

describe('the helper texts\' example amounts (issue 43, hints that contradict the rule)', () => {
  it('sit below the cap of their field, decimal variant (+ 0,50) included, in whole euros', () => {
    const caps: Record<keyof typeof RELOAD_AMOUNT_EXAMPLES, number> = {
      fundCents: RELOAD_LIMITS.maxWalletMoveCents,
      transferCents: RELOAD_LIMITS.maxWalletMoveCents,
      reloadCents: RELOAD_LIMITS.maxReloadCents,
      thresholdCents: RELOAD_LIMITS.maxWalletMoveCents,
    };
    for (const [name, cents] of Object.entries(RELOAD_AMOUNT_EXAMPLES) as [keyof typeof RELOAD_AMOUNT_EXAMPLES, number][]) {
      expect(cents % 100, name).toBe(0);
      expect(cents + 50, name).toBeLessThanOrEqual(caps[name]);
      expect(cents, name).toBeGreaterThan(0);
    }
  });
});
