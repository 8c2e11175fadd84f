import { Box } from '@mui/material';
import { FilterLiveForm, SearchInput, useTranslate } from 'react-admin';
import { filterFields, type FieldSet } from '../../../domain/fields';
import { SchemaFilterInput } from './SchemaInput';

/**
 * The list's filters, applied as the user types (react-admin's FilterLiveForm): the free-text
 * search `q` when `search` (its placeholder's i18n key) is given, then one input per declared
 * `filter` field.
 */
export function SchemaFilters({ fields, search }: { fields: FieldSet; search?: string }) {
  const translate = useTranslate();
  const declared = filterFields(fields);
  if (!search && declared.length === 0) return null;
  return (
    <FilterLiveForm debounce={400}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {search && (
          <SearchInput
            source="q"
            placeholder={translate(search)}
            helperText={false}
            sx={{ flex: '0 1 420px', minWidth: 260 }}
            slotProps={{ htmlInput: { 'aria-label': translate(search) } }}
          />
        )}
        {declared.map((field) => (
          <SchemaFilterInput key={field.source} field={field} />
        ))}
      </Box>
    </FilterLiveForm>
  );
}
