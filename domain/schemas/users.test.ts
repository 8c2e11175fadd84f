import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../demoAccounts';
import { grantedKeys } from '../permissions';
import { USER_NAME_LENGTH, USER_PHONE_DIGITS, phonePair, userCreateSchema, userFields, userUpdateSchema } from './users';

/** Issue 43: a user's phone is optional, both or neither; the seeded users satisfy the rule. */
describe('user phone rule', () => {
  const base = { firstName: 'Nora', lastName: 'Nessuno', email: 'noaccess@acme.test', role: 'OPERATOR', permissions: ['report'] };

  it('every demo user, stored without a phone, passes the update rule with one more permission', () => {
    for (const account of DEMO_ACCOUNTS) {
      const body = { firstName: account.firstName, lastName: account.lastName, email: account.email, phone: null, phoneCountry: null, role: account.role, permissions: grantedKeys(account.permissions) };
      expect(userUpdateSchema.safeParse(body).success, account.email).toBe(true);
    }
  });

  it('no phone: null or empty, the prefix alone is dropped when stored', () => {
    expect(userUpdateSchema.parse({ ...base, phone: null, phoneCountry: null })).toMatchObject({ phone: null, phoneCountry: null });
    const empty = userCreateSchema.parse({ ...base, phone: '', phoneCountry: '+39' });
    expect(phonePair(empty)).toEqual({ phone: null, phoneCountry: null });
    expect(phonePair(userUpdateSchema.parse({ ...base, phone: '3331234567', phoneCountry: '+39' }))).toEqual({ phone: '3331234567', phoneCountry: '+39' });
  });

  it('a phone has exactly USER_PHONE_DIGITS digits and needs its prefix; the form says so on the prefix', () => {
    expect(USER_PHONE_DIGITS).toBe(10);
    expect(userUpdateSchema.safeParse({ ...base, phone: '333123456', phoneCountry: '+39' }).error?.issues.map((issue) => issue.message)).toEqual(['validation.userPhone?digits=10']);
    const lone = userUpdateSchema.safeParse({ ...base, phone: '3331234567', phoneCountry: '' });
    expect(lone.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['phoneCountry', 'validation.phoneCountry?min=1&max=4&example=%2B39']]);
    // the form: even when another field is wrong, the prefix is named
    const form = userFields.formSchema.safeParse({ ...base, firstName: 'N', companyId: '', phone: '3331234567', phoneCountry: '' });
    expect(form.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['firstName', 'phoneCountry']);
    expect(userFields.inputs.find((field) => field.source === 'phone')?.required).toBe(false);
  });

  it('the helper texts carry the rule\'s numbers', () => {
    expect(USER_NAME_LENGTH).toEqual({ min: 3, max: 40 });
    const helper = (source: string) => userFields.inputs.find((field) => field.source === source)?.helper;
    expect(helper('firstName')).toBe('users.hints.name?min=3&max=40');
    expect(helper('phone')).toBe('users.hints.phone?digits=10');
  });
});

describe('user bodies that are no object', () => {
  it('are refused, never thrown on', () => {
    for (const body of [undefined, null, 'x', 3, []]) {
      expect(userUpdateSchema.safeParse(body).success).toBe(false);
      expect(userCreateSchema.safeParse(body).success).toBe(false);
      expect(userFields.formSchema.safeParse(body).success).toBe(false);
    }
  });
});
