import { describe, expect, it } from 'vitest';
import { formatCents } from './formatMoney';

describe('formatCents', () => {
  it('writes euros per language from integer cents', () => {
    expect(formatCents(123450, 'en')).toBe('€1,234.50');
    expect(formatCents(1234500, 'it')).toBe('12.345,00\u00a0€');
    expect(formatCents(-3000, 'en')).toBe('-€30.00');
    expect(formatCents(5, 'it')).toBe('0,05\u00a0€');
  });
});
