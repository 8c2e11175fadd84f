import { Box, List, ListItem } from '@mui/material';
import type { ReactNode } from 'react';
import { RecordContextProvider, useListContext, useTranslate, type RaRecord } from 'react-admin';
import type { FieldSet } from '../../../domain/fields';
import { useFieldText } from './fieldText';

/** A declared field's text for one row: the record's value, or `value` (a sum the row computes). */
export type RowText = (source: string, value?: unknown) => string | null;

type RowPart<T> = (record: T, text: RowText) => ReactNode;

/**
 * A list's own phone rows (SchemaList's `compact` slot), when the declared first and second lines
 * are not enough (a row's actions menu, a link and a badge side by side): per record, in its
 * record context, a first `line` of items with `end` on the right (an amount), then a `secondary`
 * line in small grey text. Values are written by the declaration (`text('totalCents')`, useFieldText),
 * never by hand. `label` (i18n key) names the list for screen readers.
 */
export function CompactRows<T extends RaRecord>({ fields, label, line, end, secondary }: { fields: FieldSet; label: string; line: RowPart<T>; end?: RowPart<T>; secondary?: RowPart<T> }) {
  const translate = useTranslate();
  const fieldText = useFieldText();
  const { data } = useListContext<T>();
  if (!data?.length) return null;
  const textOf =
    (record: T): RowText =>
    (source, value = record[source]) => {
      const field = fields.fields.find((candidate) => candidate.source === source);
      if (!field) throw new Error(`"${source}" is not a declared field`);
      return fieldText(field, value);
    };
  const row = { display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' } as const;
  return (
    <List disablePadding aria-label={translate(label)}>
      {data.map((record) => {
        const text = textOf(record);
        return (
          <RecordContextProvider key={record.id} value={record}>
            <ListItem divider sx={{ display: 'block', py: 1 }}>
              <Box sx={row}>
                {line(record, text)}
                {end && <Box sx={{ ml: 'auto', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{end(record, text)}</Box>}
              </Box>
              {secondary && <Box sx={{ ...row, mt: 0.5, typography: 'body2', color: 'text.secondary', overflowWrap: 'anywhere' }}>{secondary(record, text)}</Box>}
            </ListItem>
          </RecordContextProvider>
        );
      })}
    </List>
  );
}
