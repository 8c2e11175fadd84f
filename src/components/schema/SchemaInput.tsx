import { AutocompleteInput, BooleanInput, NullableBooleanInput, NumberInput, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { FILTER_TEXT_MAX, type FieldSpec, type ResolvedInputField } from '../../../domain/fields';
import { ReferenceChoicesInput } from '../ReferenceChoicesInput';
import { DayKindInput, FileKindInput, MoneyKindInput, NumberKindInput } from './SchemaKindInputs';

const TEXT_TYPES = { email: 'email', phone: 'tel' } as const;

/**
 * The react-admin input of one declared field. Its label is the declared i18n key (react-admin
 * translates it, and the `validation.*` key of an error, from the schema or from the server).
 * A read-only field is editable while the record is created and read-only afterwards. A text
 * input's helper line states its rule's limit before any refusal (the error replaces it meanwhile).
 */
export function SchemaInput({ field }: { field: ResolvedInputField }) {
  const record = useRecordContext();
  const common = {
    source: field.source,
    label: field.label,
    isRequired: field.required,
    readOnly: Boolean(field.readOnly && record?.id != null),
  };
  switch (field.kind ?? 'text') {
    case 'boolean':
      return <BooleanInput {...common} helperText={false} />;
    case 'select':
      return <SelectInput {...common} choices={field.choices ? [...field.choices] : []} fullWidth />;
    case 'reference':
      return field.reference ? (
        <ReferenceChoicesInput source={field.source} reference={field.reference}>
          <AutocompleteInput {...common} optionText={field.reference.optionText} helperText={field.helper} fullWidth />
        </ReferenceChoicesInput>
      ) : null;
    case 'money':
      return <MoneyKindInput field={field} readOnly={common.readOnly} />;
    case 'number':
    case 'percent':
      return <NumberKindInput field={field} readOnly={common.readOnly} percent={field.kind === 'percent'} />;
    case 'date':
    case 'datetime':
      return <DayKindInput field={field} readOnly={common.readOnly} withTime={field.kind === 'datetime'} />;
    case 'file':
      return <FileKindInput field={field} readOnly={common.readOnly} />;
    default:
      return (
        <TextInput
          {...common}
          type={TEXT_TYPES[field.kind as keyof typeof TEXT_TYPES] ?? 'text'}
          autoComplete="off"
          fullWidth
          helperText={field.helper}
          slotProps={field.maxLength ? { htmlInput: { maxLength: field.maxLength } } : undefined}
        />
      );
  }
}

/** The list filter input of a declared field (no rules: a filter narrows, it is not saved). */
export function SchemaFilterInput({ field }: { field: FieldSpec }) {
  const common = { source: field.source, label: field.label, helperText: false as const, size: 'small' as const };
  switch (field.kind ?? 'text') {
    case 'boolean':
    case 'file':
      return <NullableBooleanInput {...common} sx={{ minWidth: 180 }} />;
    case 'number':
    case 'percent':
      return <NumberInput {...common} sx={{ maxWidth: 160 }} />;
    case 'select':
      return <SelectInput {...common} choices={field.choices ? [...field.choices] : []} sx={{ minWidth: 200 }} />;
    case 'reference':
      return field.reference ? (
        <ReferenceChoicesInput source={field.source} reference={field.reference}>
          <AutocompleteInput {...common} optionText={field.reference.optionText} sx={{ minWidth: 240 }} />
        </ReferenceChoicesInput>
      ) : null;
    default:
      return <TextInput {...common} resettable slotProps={{ htmlInput: { maxLength: (field.input !== false && field.maxLength) || FILTER_TEXT_MAX } }} />;
  }
}
