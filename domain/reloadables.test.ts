import { describe, expect, it } from 'vitest';
import {
  cardActionRefusal,
  cardActionsFor,
  createReloadsBodySchema,
  DEFAULT_RELOAD_CAPS,
  oneCardRefusal,
  parseReloadCsv,
  periodOf,
  periodTotals,
  reloadCsvTemplate,
  reloadRefusal,
  RELOAD_LIMITS,
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
});

describe('one card reloaded by hand', () => {
  it('answers the bare reason of its refused row, or a 400 on the amount', () => {
    expect(oneCardRefusal({ 'rows.1.card': 'errors.codes.RELOAD_CARD_LOCKED' })).toEqual({ status: 409, code: 'RELOAD_CARD_LOCKED' });
    expect(oneCardRefusal({ 'rows.1.amount': 'validation.amountMax?maxCents=250000' })).toEqual({ status: 400, code: 'VALIDATION_ERROR', errors: { amountCents: 'validation.amountMax?maxCents=250000' } });
  });
});

describe('reloads CSV', () => {
  it('reads the template of either language back', () => {
    for (const language of ['it', 'en'] as const) {
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
      { row: 4, field: 'cardNumber', code: 'validation.cardNumber' },
      { row: 5, field: 'amount', code: 'validation.amount' },
      { row: 6, field: 'amount', code: 'validation.amount' },
      { row: 7, field: 'amount', code: 'validation.required' },
      { row: 9, field: 'amount', code: 'validation.amountMax?maxCents=250000' },
    ]);
  });

  it('refuses a file without the header or without rows', () => {
    expect(parseReloadCsv('card,euro\n1,2').errors).toEqual([{ row: 1, field: 'file', code: 'validation.csvHeader' }]);
    expect(parseReloadCsv('').errors).toEqual([{ row: 1, field: 'file', code: 'validation.csvEmpty' }]);
    expect(parseReloadCsv('\uFEFFcardNumber,amount\r\n\r\n').errors).toEqual([{ row: 1, field: 'file', code: 'validation.csvEmpty' }]);
  });

  it('refuses more rows than a run may have', () => {
    const lines = ['cardNumber,amount', ...Array.from({ length: RELOAD_LIMITS.maxRows + 1 }, (_, i) => `${5350000000000000 + i},1`)];
    expect(parseReloadCsv(lines.join('\n')).errors).toContainEqual(expect.objectContaining({ field: 'file', code: 'validation.csvTooManyRows' }));
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
