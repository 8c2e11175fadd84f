import type { FieldReference, FieldSet, FieldSpec } from '../../domain/fields';

/**
 * Every field declaration and every reference the product declares, found by walking the
 * modules of domain/ (not a hand-kept list): a new `defineFields` set or a new exported
 * reference is covered by the tests that read these (reference choices against the API and the
 * demo, sorts, access) without touching them.
 */
const modules = import.meta.glob<Record<string, unknown>>(['../../domain/**/*.ts', '!../../domain/**/*.test.ts'], { eager: true });

const isFieldSet = (value: unknown): value is FieldSet =>
  typeof value === 'object' && value !== null && Array.isArray((value as FieldSet).fields) && Array.isArray((value as FieldSet).inputs) && 'formSchema' in value;

const isReference = (value: unknown): value is FieldReference =>
  typeof value === 'object' &&
  value !== null &&
  ['optionText,resource', 'detail,optionText,resource'].includes(Object.keys(value).sort().join()) &&
  typeof (value as FieldReference).resource === 'string' &&
  typeof (value as FieldReference).optionText === 'string';

const exported = Object.entries(modules).flatMap(([file, module]) =>
  Object.entries(module).map(([name, value]) => ({ name: `${file.replace('../../', '')}#${name}`, value })),
);

/** Every FieldSet exported by domain/, named `file#export`. */
export const FIELD_SETS: ReadonlyArray<{ name: string; set: FieldSet }> = exported.filter((e) => isFieldSet(e.value)).map((e) => ({ name: e.name, set: e.value as FieldSet }));

export interface DeclaredReference {
  /** `file#export` or `file#export.field` */
  name: string;
  reference: FieldReference;
  /** the declared field, for a FieldSet's reference field */
  field?: FieldSpec;
  set?: FieldSet;
}

/**
 * Every reference: the `kind: 'reference'` fields of every FieldSet, and the references domain/
 * exports on their own (the store pickers' STORE_REFERENCE).
 */
export const DECLARED_REFERENCES: readonly DeclaredReference[] = [
  ...FIELD_SETS.flatMap(({ name, set }) =>
    set.fields.filter((field) => field.kind === 'reference').map((field) => ({ name: `${name}.${field.source}`, reference: field.reference as FieldReference, field, set })),
  ),
  ...exported.filter((e) => isReference(e.value)).map((e) => ({ name: e.name, reference: e.value as FieldReference })),
];
