import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { columnFields, defineFields, filterFields, groupSources, showFields, type FieldSet } from './fields';
import { companyFields, referentFields } from './schemas/company';
import { operatorFields } from './schemas/operator';
import { storeFields } from './schemas/store';

const schema = z.object({ code: z.string().trim().min(2, 'validation.code'), active: z.boolean(), note: z.string() }).strict();

describe('defineFields', () => {
  it('derives required inputs, defaults and a form schema that reads null as empty and drops unknown keys', () => {
    const set = defineFields(schema, [
      { source: 'code', label: 'x.code', column: true, sortable: true },
      { source: 'active', label: 'x.active', kind: 'boolean', filter: true },
      { source: 'note', label: 'x.note', defaultValue: '-' },
      { source: 'createdAt', label: 'x.createdAt', input: false, column: true, show: false },
    ]);
    expect(set.inputs.map((f) => [f.source, f.required])).toEqual([
      ['code', true],
      ['active', false],
      ['note', false],
    ]);
    expect(set.defaults).toEqual({ code: '', active: false, note: '-' });
    expect(columnFields(set).map((f) => f.source)).toEqual(['code', 'createdAt']);
    expect(filterFields(set).map((f) => f.source)).toEqual(['active']);
    expect(showFields(set).map((f) => f.source)).toEqual(['code', 'active', 'note']);
    expect(set.formSchema.parse({ id: 'r-1', code: ' AB ', active: null, note: null, createdAt: 'x' })).toEqual({ code: 'AB', active: false, note: '' });
    const invalid = set.formSchema.safeParse({ code: null });
    expect(invalid.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['code', 'validation.code']]);
  });

  it('refuses an input outside the schema and a schema key without a declaration', () => {
    // @ts-expect-error: 'other' is not a key of the schema
    expect(() => defineFields(schema, [{ source: 'other', label: 'x' }])).toThrow('not in the schema');
    expect(() => defineFields(schema, [{ source: 'code', label: 'x' }])).toThrow('Schema key "active" has no field declaration');
  });
});

describe('resource declarations', () => {
  it('declare every field of stores, companies, referents and operators', () => {
    expect(storeFields.resource).toBe('privative/stores');
    expect(columnFields(storeFields).map((f) => f.source)).toEqual(expect.arrayContaining(['code', 'name', 'storeCategoryId', 'defaultActivationStore']));
    expect(groupSources(companyFields, 'company')).toEqual(['code', 'companyName', 'businessName', 'vatNumber', 'parentId']);
    expect(groupSources(companyFields, 'address')).toEqual(['address', 'city', 'municipality', 'province', 'zip']);
    expect(companyFields.inputs.find((f) => f.source === 'parentId')?.required).toBe(false);
    expect(referentFields.defaults).toEqual({ firstName: '', lastName: '', phoneCountry: '+39', phone: '', email: '' });
    expect(operatorFields.inputs.find((f) => f.source === 'companyId')).toMatchObject({ required: true, readOnly: true });
  });
});

describe('input lengths', () => {
  it("every text input of the declared resources carries its rule's maxLength", async () => {
    const { batchFields } = await import('./schemas/batch');
    const { maxLengthOf } = await import('./messages');
    for (const set of [storeFields, companyFields, referentFields, operatorFields, batchFields] as FieldSet[]) {
      for (const field of set.inputs) {
        const rule = maxLengthOf(set.schema.shape[field.source] as z.ZodType);
        if (rule !== undefined) expect(field.maxLength, `${set.resource ?? 'contacts'} ${field.source}`).toBe(rule);
      }
    }
    expect(Object.fromEntries(referentFields.inputs.map((field) => [field.source, field.maxLength]))).toEqual({ firstName: 40, lastName: 40, phoneCountry: 5, phone: 20, email: 320 });
    expect(Object.fromEntries(companyFields.inputs.filter((field) => (field.kind ?? 'text') === 'text').map((field) => [field.source, field.maxLength]))).toEqual({
      code: 40,
      companyName: 40,
      businessName: 40,
      vatNumber: 16,
      address: 40,
      city: 40,
      municipality: 40,
      province: 2,
      zip: 5,
    });
  });
});
