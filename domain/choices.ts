/** What a select offers and what a reference points at: read by the field declarations (fields.ts) and the filter forms (filters.ts). */

/** SPEC §4 badge colours (src/components/StatusBadge). */
export type ChoiceTone = 'green' | 'yellow' | 'red' | 'grey' | 'transparent';

/** A select choice; `name` is an i18n key. `tone` colours its badge in lists and show pages. */
export interface FieldChoice {
  id: string;
  name: string;
  tone?: ChoiceTone;
}

/**
 * A reference to another resource's records: the resource (its access-table name) and the field
 * that names a record. Its choices are that resource's list, asked in `referenceSort` (the name
 * field, which that list must accept as a sort: domain/lists.ts) and offered only to users who
 * may list the resource.
 */
export interface FieldReference {
  resource: string;
  optionText: string;
  /** a second field shown after the name, in brackets, where a record is picked or named (a store's code) */
  detail?: string;
}

/** The sort a reference's choices are asked in: by the field that names a record, A to Z. */
export const referenceSort = (reference: FieldReference) => ({ field: reference.optionText, order: 'ASC' as const });
