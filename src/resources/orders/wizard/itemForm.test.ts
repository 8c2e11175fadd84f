import { describe, expect, it } from 'vitest';
import type { Typology } from '../../../../domain/giftcards';
import { parseNamesList } from '../../../../domain/orders';
import { formRangesTotal, initialValues, parseCount, validateItem, type ItemFormValues } from './itemForm';

const fixed: Typology = { id: '5a000000-0000-4000-8000-000000000001', companyId: null, name: 'Gift Card 25 €', type: 'DIGITAL', valueCents: 2500, variableValue: false, sku: 'GC-25', expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 12, expirationDate: null };
const variable: Typology = { ...fixed, valueCents: null, variableValue: true };
const physical: Typology = { ...fixed, type: 'PHYSICAL' };
const values = (overrides: Partial<ItemFormValues>): ItemFormValues => ({ ...initialValues('DIGITAL'), ...overrides });
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('the customize form rules (domain makeOrderItemSchema + what only the browser can check)', () => {
  it('digital: a quantity greater than 0, at most 10,000; the value only for variable-value typologies', () => {
    expect(validateItem(values({ quantity: '50' }), 'DIGITAL', fixed)).toEqual({});
    // counts are read in the language shown, as amounts are (English here): "10,000" is ten thousand, "10.000" ten with three decimals
    expect(validateItem(values({ quantity: '10,000' }), 'DIGITAL', fixed)).toEqual({});
    expect(validateItem(values({ quantity: '10.000' }), 'DIGITAL', fixed)).toEqual({ quantity: 'validation.orderQuantity?max=10000' });
    expect(validateItem(values({ quantity: '0' }), 'DIGITAL', fixed)).toEqual({ quantity: 'validation.orderQuantity?max=10000' });
    expect(validateItem(values({ quantity: '10001' }), 'DIGITAL', fixed)).toEqual({ quantity: 'validation.orderQuantity?max=10000' });
    expect(validateItem(values({ quantity: '' }), 'DIGITAL', fixed)).toEqual({ quantity: 'validation.required' });
    expect(validateItem(values({ quantity: '5' }), 'DIGITAL', variable)).toEqual({ value: 'validation.required' });
    expect(validateItem(values({ quantity: '5', value: '0' }), 'DIGITAL', variable)).toEqual({ value: 'validation.amount' });
    // read in the language shown (English here): "12.345" has three decimals, "-5" is negative, "12,345" is 12,345 euros
    expect(validateItem(values({ quantity: '5', value: '12.345' }), 'DIGITAL', variable)).toEqual({ value: 'validation.amountDecimals?exampleInputCents=2550' });
    expect(validateItem(values({ quantity: '5', value: '-5' }), 'DIGITAL', variable)).toEqual({ value: 'validation.amountNegative' });
    expect(validateItem(values({ quantity: '5', value: '12,345' }), 'DIGITAL', variable)).toEqual({});
    expect(validateItem(values({ quantity: '5', value: '25,00' }), 'DIGITAL', variable)).toEqual({});
  });

  it('digital template: a JPG or PNG image of at most 5 MB', () => {
    expect(validateItem(values({ quantity: '5', template: file('card.png', 'image/png') }), 'DIGITAL', fixed)).toEqual({});
    expect(validateItem(values({ quantity: '5', template: file('card.gif', 'image/gif') }), 'DIGITAL', fixed)).toEqual({ template: 'orderWizard.errors.templateType' });
    expect(validateItem(values({ quantity: '5', template: file('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1) }), 'DIGITAL', fixed)).toEqual({ template: 'validation.fileTooLarge?maxBytes=5242880' });
  });

  it('names list: a CSV whose rows the browser read; the first bad line is named', () => {
    const csv = file('names.csv', 'text/csv');
    const good = parseNamesList('nome;cognome;email\nGiulia;Bianchi;giulia@example.com\n');
    expect(validateItem(values({ digitalMode: 'namesList', namesList: csv, namesCheck: good }), 'DIGITAL', fixed)).toEqual({});
    expect(validateItem(values({ digitalMode: 'namesList' }), 'DIGITAL', fixed)).toEqual({ namesList: 'validation.required' });
    expect(validateItem(values({ digitalMode: 'namesList', namesList: file('names.txt', 'text/plain'), namesCheck: good }), 'DIGITAL', fixed)).toEqual({ namesList: 'orderWizard.errors.namesListType' });
    const bad = parseNamesList('email;nome\nok@example.com;A\nnot-an-email;B\n');
    expect(bad).toEqual({ ok: false, line: 3 });
    expect(validateItem(values({ digitalMode: 'namesList', namesList: csv, namesCheck: bad }), 'DIGITAL', fixed)).toEqual({ namesList: 'orderWizard.errors.namesListLine' });
    expect(validateItem(values({ digitalMode: 'namesList', namesList: csv, namesCheck: parseNamesList('nome;cognome\nA;B\n') }), 'DIGITAL', fixed)).toEqual({ namesList: 'orderWizard.errors.namesListEmpty' });
  });

  it('physical: ranges with initial ≤ final, no overlap, adding up to the cards in the cart', () => {
    const ranges = (...pairs: Array<[string, string]>) => pairs.map(([from, to]) => ({ from, to }));
    const form = (quantity: string, ...pairs: Array<[string, string]>) => values({ quantity, ranges: ranges(...pairs) });
    expect(validateItem(form('50', ['1001', '1040'], ['2001', '2010']), 'PHYSICAL', physical)).toEqual({});
    expect(validateItem(form('50', ['1040', '1001']), 'PHYSICAL', physical)).toMatchObject({ 'ranges.0.to': 'validation.progressiveRange' });
    expect(validateItem(form('50', ['1001', '1040']), 'PHYSICAL', physical)).toEqual({ rangesCheck: 'orderWizard.errors.rangesTotal' });
    expect(validateItem(form('20', ['1001', '1010'], ['1005', '1014']), 'PHYSICAL', physical)).toEqual({ rangesCheck: 'validation.orderRangeOverlap' });
    expect(validateItem(form('10', ['abc', '1010']), 'PHYSICAL', physical)).toMatchObject({ 'ranges.0.from': 'orderWizard.errors.wholeNumber?min=1' });
    expect(validateItem(form('', ['1', '10']), 'PHISICAL_SHIPMENT', physical)).toEqual({ quantity: 'validation.required' });
    expect(formRangesTotal({ ranges: ranges(['1001', '1040'], ['2001', '2010'], ['x', '']) })).toBe(50);
  });

  it("reads counts with or without the language's thousands separators, as the money reader does", () => {
    expect(parseCount('10.000', 'it')).toBe(10000);
    expect(parseCount('10 000', 'it')).toBe(10000);
    expect(parseCount('10,000', 'en')).toBe(10000);
    // ten with three decimals in Italian, as an amount: refused, not read as ten thousand
    expect(parseCount('10,000', 'it')).toBeNaN();
    expect(parseCount('10.000', 'en')).toBeNaN();
    expect(parseCount('1,5', 'it')).toBeNaN();
    expect(parseCount('1.5', 'en')).toBeNaN();
    expect(parseCount('-3', 'it')).toBeNaN();
  });
});
