import { Box, List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { RecordContextProvider, useFieldValue, useListContext, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { primaryField, secondaryFields, type FieldSet, type FieldSpec } from '../../../domain/fields';
import { useFieldText } from './fieldText';
import { SchemaField } from './SchemaField';
import type { RecordLink } from './SchemaRecordLink';

/** A field's text; a choice with a tone is its SPEC §4 badge, as in the table. */
function Text({ field, record }: { field: FieldSpec; record: RaRecord }) {
  const value = useFieldValue({ source: field.source, record });
  const text = useFieldText()(field, value);
  return field.choices?.find((choice) => choice.id === value)?.tone ? <SchemaField field={field} record={record} /> : <>{text}</>;
}

/** The second line: the fields that have a value, joined by ' · ' (no dangling dot for an empty one). */
function SecondaryLine({ fields, record }: { fields: FieldSpec[]; record: RaRecord }) {
  const fieldText = useFieldText();
  const shown = fields.filter((field) => fieldText(field, field.source.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], record)) !== null);
  return shown.map((field, index) => (
    <span key={field.source}>
      {index > 0 && ' · '}
      <Text field={field} record={record} />
    </span>
  ));
}

/**
 * The list on a phone (react-admin's SimpleList pattern): one row per record, the declared
 * `primary` field on the first line, the `secondary` fields on the second (a toned choice as its
 * badge), the whole row a link to the record (`<a href>`, so Tab and Enter open it). No table, so
 * nothing widens the page. As in SimpleList, `secondaryText` replaces the second line and
 * `tertiaryText` ends the first.
 */
export function SchemaCompactList({
  fields,
  link,
  primaryText,
  secondaryText,
  tertiaryText,
  empty,
}: {
  fields: FieldSet;
  link?: RecordLink;
  /** the first line when it is not one field (an operator's full name) */
  primaryText?: (record: RaRecord) => ReactNode;
  /** the second line when it is not the declared fields (labelled figures, a line more) */
  secondaryText?: (record: RaRecord) => ReactNode;
  /** at the end of the first line (an amount; a row action when the row is no link) */
  tertiaryText?: (record: RaRecord) => ReactNode;
  empty: ReactNode;
}) {
  const { data } = useListContext();
  const primary = primaryField(fields);
  const secondary = secondaryFields(fields);
  if (!data || data.length === 0) return <>{empty}</>;
  return (
    <List disablePadding data-testid="compact-list">
      {data.map((record) => {
        const to = link?.(record);
        const first = primaryText ? primaryText(record) : primary ? <Text field={primary} record={record} /> : String(record.id);
        const text = (
          <ListItemText
            primary={
              tertiaryText ? (
                <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  {first}
                  <Box component="span" sx={{ ml: 'auto', fontVariantNumeric: 'tabular-nums' }}>
                    {tertiaryText(record)}
                  </Box>
                </Box>
              ) : (
                first
              )
            }
            secondary={secondaryText ? secondaryText(record) : <SecondaryLine fields={secondary} record={record} />}
            slotProps={{ primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        );
        return (
          <RecordContextProvider key={record.id} value={record}>
            <ListItem disablePadding divider>
              {to ? (
                <ListItemButton component={Link} to={to}>
                  {text}
                </ListItemButton>
              ) : (
                <Box sx={{ px: 2, py: 1 }}>{text}</Box>
              )}
            </ListItem>
          </RecordContextProvider>
        );
      })}
    </List>
  );
}
