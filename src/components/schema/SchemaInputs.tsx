import { Fragment, type ReactElement } from 'react';
import { inputFields, type FieldSet } from '../../../domain/fields';
import { SchemaInput } from './SchemaInput';

/**
 * The form inputs of a field set (or of one `group`, a form step), in declaration order.
 * `overrides` replaces the input of a field whose choices are not a plain reference list (the
 * user's own company among those below it, say); the declaration still gives its place.
 */
export function SchemaInputs({ fields, group, overrides = {} }: { fields: FieldSet; group?: string; overrides?: Partial<Record<string, ReactElement>> }) {
  return (
    <>
      {inputFields(fields, group).map((field) => (
        <Fragment key={field.source}>{overrides[field.source] ?? <SchemaInput field={field} />}</Fragment>
      ))}
    </>
  );
}
