import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Labeled, RecordContextProvider, useRecordContext, type RaRecord } from 'react-admin';
import { showFields, type FieldSet } from '../../../domain/fields';
import { SchemaField } from './SchemaField';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, gap: 2 };

/**
 * The declared fields of a record (the record context's, or `record`), each with its label, in
 * a grid. `render` replaces how one field's value is shown.
 */
export function SchemaShowFields({ fields, record, render = {} }: { fields: FieldSet; record?: RaRecord; render?: Partial<Record<string, (record: RaRecord) => ReactNode>> }) {
  const contextRecord = useRecordContext();
  const target = record ?? contextRecord;
  if (!target) return null;
  return (
    <RecordContextProvider value={target}>
      <Box sx={grid}>
        {showFields(fields).map((field) => (
          <Labeled key={field.source} label={field.label} source={field.source}>
            {render[field.source] ? (
              <>{render[field.source]!(target)}</>
            ) : (
              // a block, so the label's column does not stretch a badge to its width
              <Box component="span" sx={{ display: 'block' }}>
                <SchemaField field={field} />
              </Box>
            )}
          </Labeled>
        ))}
      </Box>
    </RecordContextProvider>
  );
}
