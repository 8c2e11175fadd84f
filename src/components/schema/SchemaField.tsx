import { Typography } from '@mui/material';
import { BooleanField, ReferenceField, TextField, useFieldValue, useTranslate, type RaRecord } from 'react-admin';
import type { FieldSpec } from '../../../domain/fields';
import { useFormatNumber } from '../formatMoney';
import { StatusBadge } from '../StatusBadge';

function ChoiceChip({ field, record }: { field: FieldSpec; record?: RaRecord }) {
  const translate = useTranslate();
  const value = useFieldValue({ source: field.source, record });
  const choice = field.choices?.find((c) => c.id === value);
  if (!choice) return <Typography variant="body2">{value == null || value === '' ? '—' : String(value)}</Typography>;
  return <StatusBadge tone={choice.tone ?? 'transparent'} label={translate(choice.name)} />;
}

/** A text field's value; a number is written by the one formatter ("1.000", not "1000"). */
function PlainField({ field, record }: { field: FieldSpec; record?: RaRecord }) {
  const value = useFieldValue({ source: field.source, record });
  const formatNumber = useFormatNumber();
  if (typeof value !== 'number') return <TextField source={field.source} record={record} emptyText="—" />;
  return (
    <Typography component="span" variant="body2">
      {formatNumber(value)}
    </Typography>
  );
}

/**
 * One declared field's value, from the record context (or `record`): text, a check for flags,
 * a SPEC §4 badge for a choice, a link to the referenced record's page.
 */
export function SchemaField({ field, record }: { field: FieldSpec; record?: RaRecord }) {
  switch (field.kind ?? 'text') {
    case 'boolean':
      return <BooleanField source={field.source} record={record} />;
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
