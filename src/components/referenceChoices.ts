import type { GetListParams } from 'react-admin';
import { referenceSort, type FieldReference } from '../../domain/fields';

/** How many choices a reference input asks for at a time (typing narrows them with `q`). */
export const REFERENCE_CHOICES_PER_PAGE = 25;

/**
 * The list request a reference input makes for its first choices (ReferenceChoicesInput): the
 * first page, in `referenceSort` (the field that names a record, a sort the list accepts), no
 * filter. Tests send exactly this to the API and the demo.
 */
export const referenceChoicesParams = (reference: FieldReference) => ({
  pagination: { page: 1, perPage: REFERENCE_CHOICES_PER_PAGE },
  sort: referenceSort(reference),
  filter: {} as GetListParams['filter'],
});
