import { describe, expect, it } from 'vitest';
import { DECLARED_REFERENCES, FIELD_SETS } from '../src/test/declarations';
import { accessRule } from './access';
import { referenceSort } from './fields';
import { LIST_SORT_FIELDS } from './lists';

describe('list sorts the screens ask for', () => {
  it('finds the declarations by walking domain/ (the company, operator, store and batch sets, the store picker)', () => {
    expect(FIELD_SETS.length).toBeGreaterThanOrEqual(4);
    expect(DECLARED_REFERENCES.map((r) => r.name)).toEqual(
      expect.arrayContaining(['domain/schemas/company.ts#companyFields.parentId', 'domain/schemas/operator.ts#operatorFields.companyId', 'domain/schemas/batch.ts#batchFields.typologyId', 'domain/schemas/stores-api.ts#STORE_REFERENCE']),
    );
  });

  it.each(DECLARED_REFERENCES.map((r) => [r.name, r] as const))('%s: its choices are a list, asked in a sort that list accepts', (_name, { reference }) => {
    expect(accessRule(reference.resource, 'list'), `${reference.resource} has no list`).not.toBeNull();
    expect(LIST_SORT_FIELDS[reference.resource as keyof typeof LIST_SORT_FIELDS], `no sort whitelist for ${reference.resource}`).toContain(referenceSort(reference).field);
  });
});
