import { describe, expect, it } from 'vitest';
import { readTicketNumber } from './tickets';

// issue 46: the category form's limits and the answers read a typed number with this one reader
describe('readTicketNumber', () => {
  it.each([
    ['12', 12],
    ['-3', -3],
    ['1,5', 1.5],
    ['1.5', 1.5],
    // never grouped: an identifier or a code reads as typed
    ['4.711', 4.711],
    [' 7 ', 7],
  ])('reads %j as %d', (text, value) => expect(readTicketNumber(text)).toBe(value));
  it.each(['', 'abc', '1.000,5', '1 000', '1e3'])('refuses %j', (text) => expect(readTicketNumber(text)).toBeNull());
});
