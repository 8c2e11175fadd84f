import { describe, expect, it } from 'vitest';
import { SQUARE_LIMITS } from '../../../domain/square';
import { SQUARE_HOST_LENGTH } from '../../../domain/schemas/square';
import { draftError, EMPTY_DRAFT } from './SquareOrderFields';

const draft = { ...EMPTY_DRAFT, typology: 'WELFARE', host: 'shop.acme.test', referentEmail: 'referent@acme.test' };

// issue 46: the create page's fields take the API's rules, their limits from the domain
describe('the square order fields', () => {
  it('take a host within the domain length, and refuse one beyond it', () => {
    const host = (length: number) => `${'a'.repeat(length - 5)}.test`;
    expect(draftError({ ...draft, host: host(SQUARE_HOST_LENGTH.max) }, 'host')).toBeNull();
    expect(draftError({ ...draft, host: host(SQUARE_HOST_LENGTH.max + 1) }, 'host')).toMatch(/^validation\.squareHost/);
  });

  it('read the months as a whole number: the range, no exponent or decimals', () => {
    expect(draftError({ ...draft, validMonths: String(SQUARE_LIMITS.validMonthsMax) }, 'validMonths')).toBeNull();
    expect(draftError({ ...draft, validMonths: String(SQUARE_LIMITS.validMonthsMax + 1) }, 'validMonths')).toMatch(/^validation\.squareValidMonths/);
    for (const text of ['1e1', '12,5', '0x10', '']) expect(draftError({ ...draft, validMonths: text }, 'validMonths'), text).not.toBeNull();
  });
});
