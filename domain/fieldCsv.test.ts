import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textOf } from '../server/lib/texts';
import { fieldsCsv } from './fieldCsv';
import { defineFields } from './fields';
import { ORDER_STATE_CHOICES } from './orders';

const kinds = defineFields(z.object({}).strict(), [
  { source: 'number', label: 'orderScreens.fields.number', input: false, column: true },
  { source: 'state', label: 'orderScreens.fields.state', kind: 'select', choices: ORDER_STATE_CHOICES, input: false, column: true },
  { source: 'totalCents', label: 'orderScreens.fields.total', kind: 'money', input: false, column: true },
  { source: 'createdAt', label: 'orderScreens.fields.createdAt', kind: 'datetime', input: false, column: true },
  { source: 'expireDate', label: 'Expiry', kind: 'date', input: false, column: true },
  { source: 'cards', label: 'orderScreens.fields.cards', kind: 'number', input: false, column: true },
  { source: 'note', label: 'Note', input: false, column: true },
  { source: 'hidden', label: 'Not a column', input: false },
]);
const order = { number: '=SUM(A1)', state: 'SHIPPED', totalCents: -130050, createdAt: '2026-03-05T23:30:00Z', expireDate: '2027-12-31', cards: 12000, note: null, hidden: 'x' };

describe('a declaration as CSV', () => {
  it('writes each column by its kind for an Italian spreadsheet: decimal comma, Rome time, the choice in words, formula-safe', () => {
    const csv = fieldsCsv(kinds, { language: 'it', timeZone: 'Europe/Rome' }, textOf('it'));
    expect(csv.header).toBe('\uFEFFNumero ordine;Stato ordine;Totale;Data di creazione;Expiry;Carte;Note\r\n');
    const stateText = textOf('it')(ORDER_STATE_CHOICES.find((c) => c.id === 'SHIPPED')!.name);
    expect(stateText).not.toMatch(/^orders\./);
    expect(csv.line(order)).toBe(`'=SUM(A1);${stateText};-1300,50;06/03/2026 00:30:00;31/12/2027;12000;\r\n`);
  });

  it('writes English with commas, a decimal point and the screens\' day-first dates, in the user\'s zone', () => {
    const csv = fieldsCsv(kinds, { language: 'en', timeZone: 'America/New_York' }, textOf('en'));
    expect(csv.line({ ...order, number: 'A,1' })).toMatch(/^"A,1",[^,]+,-1300\.50,05\/03\/2026 18:30:00,31\/12\/2027,12000,\r\n$/);
  });
});
