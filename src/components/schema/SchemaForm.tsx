import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, useRecordContext, useSaveContext, useTranslate, type RaRecord } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { FieldSet } from '../../../domain/fields';
import { SubmitButton } from '../SubmitButton';
import { SchemaInputs } from './SchemaInputs';

export type SchemaSubmit = (values: FieldValues) => Promise<Record<string, string> | undefined | void>;

/** The update body leaves out what may only be set at creation. */
export function withoutReadOnly(fields: FieldSet, values: FieldValues): FieldValues {
  const readOnly = new Set(fields.inputs.filter((field) => field.readOnly).map((field) => field.source));
  return Object.fromEntries(Object.entries(values).filter(([source]) => !readOnly.has(source)));
}

/**
 * react-admin's `Form` for a field set: the declared zod rules as resolver (mode 'all', so
 * errors show as the user types), the declared inputs (or `children`), and the submit button
 * that is enabled only when the form is changed and valid and spins while saving (SPEC §4).
 *
 * Inside `CreateBase`/`EditBase` it saves through the controller, which hands server field
 * errors back to the form; elsewhere `onSubmit` saves and may return field errors
 * (`useFormSubmit` in src/components). Submitted values are the schema's output: trimmed, and only the
 * declared fields.
 */
export function SchemaForm({
  fields,
  children,
  submitLabel = 'ra.action.save',
  actions,
  onSubmit,
  defaultValues,
  record,
  id,
  toolbar = true,
}: {
  fields: FieldSet;
  children?: ReactNode;
  /** i18n key */
  submitLabel?: string;
  /** buttons left of submit (cancel, delete…) */
  actions?: ReactNode;
  onSubmit?: SchemaSubmit;
  defaultValues?: FieldValues;
  /** the record edited, when not the record context's */
  record?: RaRecord;
  id?: string;
  /** false: the children place the submit button themselves (a stepper's last step) */
  toolbar?: boolean;
}) {
  const translate = useTranslate();
  const contextRecord = useRecordContext();
  const saveContext = useSaveContext();
  const editing = (record ?? contextRecord)?.id != null;
  const save: SchemaSubmit | undefined =
    onSubmit ?? (saveContext?.save ? async (values) => (await saveContext.save!(editing ? withoutReadOnly(fields, values) : values)) as Record<string, string> | undefined : undefined);
  return (
    <Form
      id={id}
      record={record}
      resolver={zodResolver(fields.formSchema as never) as never}
      mode="all"
      defaultValues={{ ...fields.defaults, ...defaultValues }}
      onSubmit={save as never}
      noValidate
    >
      {children ?? <SchemaInputs fields={fields} />}
      {toolbar && (
        <Box sx={{ display: 'flex', gap: 2, mt: 2, justifyContent: 'flex-end', alignItems: 'center' }}>
          {actions}
          <SubmitButton fullWidth={false}>{translate(submitLabel)}</SubmitButton>
        </Box>
      )}
    </Form>
  );
}
