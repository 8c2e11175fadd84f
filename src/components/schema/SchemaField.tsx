import { Typography } from '@mui/material';
import { BooleanField, ReferenceField, TextField, useFieldValue, useTranslate, type RaRecord } from 'react-admin';
import type { FieldSpec } from '../../../domain/fields';
import { StatusBadge } from '../StatusBadge';
import { useFieldText } from './fieldText';

function ChoiceChip({ field, record }: { field: FieldSpec; record?: RaRecord }) {
  const translate = useTranslate();
  const value = useFieldValue({ source: field.source, record });
  const choice = field.choices?.find((c) => c.id === value);
  if (!choice) return <Typography variant="body2">{value == null || value === '' ? '—' : String(value)}</Typography>;
  return <StatusBadge tone={choice.tone ?? 'transparent'} status={choice.id} label={translate(choice.name)} />;
}

/** A flag said in words where its declaration names them (choices 'true' and 'false'): "Necessaria", not a check mark. */
function BooleanWords({ field, record }: { field: FieldSpec; record?: RaRecord }) {
  const translate = useTranslate();
  const value = useFieldValue({ source: field.source, record });
  const choice = value == null ? undefined : field.choices?.find((c) => c.id === String(value));
  return <Typography variant="body2">{choice ? translate(choice.name) : '—'}</Typography>;
}

/**
 * A value written as text by its kind (domain/fields.ts FieldKind): money and dates on one line,
 * figures in tabular digits; "—" for none. A plain number is written by the one formatter
 * ("1.000", not "1000").
 */
function PlainField({ field, record }: { field: FieldSpec; record?: RaRecord }) {
  const value = useFieldValue({ source: field.source, record });
  const text = useFieldText()(field, value);
  const kind = field.kind ?? 'text';
  const figure = kind === 'money' || kind === 'number' || kind === 'percent' || typeof value === 'number';
  const oneLine = figure || kind === 'date' || kind === 'datetime';
  return (
    <Typography component="span" variant="body2" sx={{ ...(oneLine && { whiteSpace: 'nowrap' }), ...(figure && { fontVariantNumeric: 'tabular-nums' }) }}>
      {text ?? '—'}
    </Typography>
  );
}

/**
 * One declared field's value, from the record context (or `record`): text, a check for flags,
 * a SPEC §4 badge for a choice, a link to the referenced record's page, money, a date or a count
 * in the user's language.
 */
export function SchemaField({ field, record }: { field: FieldSpec; record?: RaRecord }) {
  switch (field.kind ?? 'text') {
    case 'boolean':
      return field.choices ? <BooleanWords field={field} record={record} /> : <BooleanField source={field.source} record={record} />;
    case 'select':
      return <ChoiceChip field={field} record={record} />;
    case 'reference':
      return field.reference ? (
        <ReferenceField source={field.source} reference={field.reference.resource} record={record} link="edit" emptyText="—">
          <TextField source={field.reference.optionText} />
        </ReferenceField>
      ) : null;
    default:
      return <PlainField field={field} record={record} />;
  }
}
