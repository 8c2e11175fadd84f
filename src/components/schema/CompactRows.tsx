import { Box, List, ListItem } from '@mui/material';
import { useCallback, type ReactNode } from 'react';
import { RecordContextProvider, useListContext, useTranslate, type RaRecord } from 'react-admin';
import type { FieldSet } from '../../../domain/fields';
import { useFieldText } from './fieldText';

/** A declared field's text for one row: the record's value, or `value` (a sum the row computes). */
export type RowText = (source: string, value?: unknown) => string | null;

/** A declared field of a record as text by its kind (`useFieldText`), by the field's name (a cell outside the rows). */
export function useRecordText(fields: FieldSet): (record: RaRecord, source: string, value?: unknown) => string | null {
  const fieldText = useFieldText();
  return useCallback(
    (record, source, value = record[source]) => {
      const field = fields.fields.find((candidate) => candidate.source === source);
      if (!field) throw new Error(`"${source}" is not a declared field`);
      return fieldText(field, value);
    },
    [fields, fieldText],
  );
}

type RowPart<T, R = ReactNode> = (record: T, text: RowText) => R;

/**
 * A list's own phone rows (SchemaList's `compact` slot), when the declared first and second lines
 * are not enough (a row's actions menu, a link and a badge side by side): per record, in its
 * record context, a first `line` of items with `end` on the right (an amount), then a `secondary`
 * line in small grey text (texts are joined with ' · ', empty ones left out), then what goes
 * `below`. Values are written by the declaration (`text('totalCents')`, useFieldText), never by
 * hand. `label` (i18n key) names the list for screen readers.
 */
export function CompactRows<T extends RaRecord>({
  fields,
  label,
  line,
  end,
  secondary,
  below,
}: {
  fields: FieldSet;
  label: string;
  line: RowPart<T>;
  end?: RowPart<T>;
  secondary?: RowPart<T, ReactNode | ReadonlyArray<string | null | undefined | false>>;
  below?: RowPart<T>;
}) {
  const translate = useTranslate();
  const recordText = useRecordText(fields);
  const { data } = useListContext<T>();
  if (!data?.length) return null;
  const row = { display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' } as const;
  return (
    <List disablePadding aria-label={translate(label)}>
      {data.map((record) => {
        const text: RowText = (source, value) => recordText(record, source, value);
        const second = secondary?.(record, text);
        return (
          <RecordContextProvider key={record.id} value={record}>
            <ListItem divider sx={{ display: 'block', py: 1 }}>
              <Box sx={row}>
                {line(record, text)}
                {end && <Box sx={{ ml: 'auto', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{end(record, text)}</Box>}
              </Box>
              {second != null && (
                <Box sx={{ ...row, mt: 0.5, typography: 'body2', color: 'text.secondary', overflowWrap: 'anywhere' }}>{Array.isArray(second) ? second.filter(Boolean).join(' · ') : second}</Box>
              )}
              {below?.(record, text)}
            </ListItem>
          </RecordContextProvider>
        );
      })}
    </List>
  );
}
