import { Box, List, ListItem, Typography } from '@mui/material';
import { useCallback, type ReactNode } from 'react';
import { RecordContextProvider, useListContext, useTranslate, type RaRecord } from 'react-admin';
import type { FieldSet } from '../../../domain/fields';
import { useFieldText } from './fieldText';

/** A declared field of a record as text by its kind (`useFieldText`), by the field's name; `null` for no value or an undeclared field. */
export function useRecordText(fields: FieldSet): (record: RaRecord, source: string) => string | null {
  const fieldText = useFieldText();
  return useCallback(
    (record, source) => {
      const field = fields.fields.find((candidate) => candidate.source === source);
      return field ? fieldText(field, record[source]) : null;
    },
    [fields, fieldText],
  );
}

type Text = (source: string) => string | null;

/**
 * Phone rows for SchemaList's `compact` slot, when a row needs more than the declared first and
 * second lines: per record, a first line of its own (a link, a badge, an amount, the actions),
 * a second line of texts joined with ' · ' (empty ones left out), and what goes `below`. `text`
 * gives a declared field's text in the user's language. `label` (i18n key) names the list.
 */
export function CompactRows<R extends RaRecord>({
  fields,
  label,
  first,
  second,
  below,
}: {
  fields: FieldSet;
  label: string;
  first: (record: R, text: Text) => ReactNode;
  second: (record: R, text: Text) => ReadonlyArray<string | null | undefined | false>;
  below?: (record: R) => ReactNode;
}) {
  const translate = useTranslate();
  const recordText = useRecordText(fields);
  const { data } = useListContext<R>();
  return (
    <List disablePadding aria-label={translate(label)}>
      {data?.map((record) => {
        const text = (source: string) => recordText(record, source);
        return (
          <RecordContextProvider key={record.id} value={record}>
            <ListItem divider sx={{ display: 'block', py: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>{first(record, text)}</Box>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {second(record, text).filter(Boolean).join(' · ')}
              </Typography>
              {below?.(record)}
            </ListItem>
          </RecordContextProvider>
        );
      })}
    </List>
  );
}
