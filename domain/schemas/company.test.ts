import { describe, expect, it } from 'vitest';
import { companySchema, operatorSchema, referentSchema } from './company';
import { storeSchema } from './store';

const company = {
  code: 'ACME',
  businessName: 'Acme S.p.A.',
  companyName: 'Acme',
  vatNumber: 'IT01234567890',
  address: 'Via Roma 1',
  city: 'Milano',
  municipality: 'Milano',
  province: 'MI',
  zip: '20121',
};
const fieldErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('company rules', () => {
  it('accepts a valid company', () => {
    expect(companySchema.safeParse(company).success).toBe(true);
  });

  it('names each field that breaks a rule', () => {
    const result = companySchema.safeParse({ ...company, code: 'A', vatNumber: 'it 123', province: 'MIL', zip: '2012A' });
    expect(fieldErrors(result)).toEqual({
      code: 'validation.lengthRange?min=2&max=40',
      vatNumber: 'validation.vatNumber?min=5&max=16',
      province: 'validation.province?length=2',
      zip: 'validation.zip?length=5',
    });
  });

  it('refuses unknown fields', () => {
    expect(companySchema.safeParse({ ...company, parentId: 'x' }).success).toBe(false);
  });
});

describe('referent and operator rules', () => {
  const referent = { firstName: 'Anna', lastName: "D'Amico", phoneCountry: '+39', phone: '3331234567', email: 'anna@acme.test' };

  it('accepts a valid referent', () => {
    expect(referentSchema.safeParse(referent).success).toBe(true);
  });

  it('refuses digits in names, a short phone and a bad e-mail', () => {
    const result = referentSchema.safeParse({ ...referent, firstName: 'Ann4', phone: '123', email: 'anna@' });
    expect(fieldErrors(result)).toEqual({ firstName: 'validation.personName?min=2&max=40', phone: 'validation.phone?min=4&max=20', email: 'validation.email' });
  });

  it('needs operator names of at least 3 characters', () => {
    expect(fieldErrors(operatorSchema.safeParse({ ...referent, firstName: 'Al' }))).toEqual({ firstName: 'validation.operatorName?min=3&max=40' });
  });
});

describe('store rules', () => {
  it('allows letters, digits, spaces, hyphen and comma only', () => {
    expect(storeSchema.safeParse({ code: 'MI-01', name: 'Milano, Centro', storeCategoryId: 'RT' }).success).toBe(true);
    expect(fieldErrors(storeSchema.safeParse({ code: 'M', name: 'Milano; Centro', storeCategoryId: 'R' }))).toEqual({
      code: 'validation.storeText?min=2&max=40',
      name: 'validation.storeText?min=2&max=40',
      storeCategoryId: 'validation.lengthRange?min=2&max=40',
    });
  });
});
