import type { ReactElement } from 'react';
import { ReferenceInput, useCanAccess } from 'react-admin';
import type { FieldReference } from '../../domain/fields';
import { referenceChoicesParams } from './referenceChoices';

/** Whether the signed-in user may list a reference's resource (domain/access.ts), i.e. get its choices. */
export function useCanListChoices(reference: FieldReference): { canList: boolean; isPending: boolean } {
  const { canAccess, isPending } = useCanAccess({ resource: reference.resource, action: 'list' });
  return { canList: canAccess === true, isPending };
}

/**
 * The one react-admin `ReferenceInput` of the app (schema filters and inputs, the store picker):
 * its choices are the referenced resource's list, asked in a sort that list accepts (the field
 * that names a record: `referenceChoicesParams`; react-admin's default `id` is refused by the API), and
 * only when the user may list that resource. A user who may not (a referent's card list and the
 * stores) gets no input at all rather than a request answered 403 and a red field.
 */
export function ReferenceChoicesInput({ reference, source, children }: { reference: FieldReference; source: string; children: ReactElement }) {
  const { canList } = useCanListChoices(reference);
  if (!canList) return null;
  const { sort, pagination } = referenceChoicesParams(reference);
  return (
    <ReferenceInput source={source} reference={reference.resource} sort={sort} perPage={pagination.perPage}>
      {children}
    </ReferenceInput>
  );
}
