import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Button, Collapse, useMediaQuery, type Theme } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { FilterLiveForm, SearchInput, useCanAccessResources, useListContext, useTranslate } from 'react-admin';
import { FILTER_TEXT_MAX, filterFields, type FieldSet, type FieldSpec } from '../../../domain/fields';
import { useFieldText } from './fieldText';
import { FilterChipRow, ReferenceText } from './FilterChips';
import { SchemaFilterInput } from './SchemaInput';

/** The filters in force, each a chip that removes it (phones, where the inputs are folded away). */
function ActiveFilterChips({ declared }: { declared: FieldSpec[] }) {
  const text = useFieldText();
  const { filterValues, setFilters } = useListContext();
  const active = declared.filter((field) => filterValues?.[field.source] != null && filterValues[field.source] !== '');
  return (
    <FilterChipRow
      chips={active.map((field) => {
        const value = filterValues[field.source];
        return { key: field.source, label: field.label, value: field.kind === 'reference' && field.reference ? <ReferenceText reference={field.reference} id={String(value)} /> : text(field, value) };
      })}
      onRemove={(source) => {
        const next = { ...filterValues };
        delete next[source];
        setFilters(next);
      }}
    />
  );
}

const NONE: string[] = [];

/**
 * The declared filters the user can use: a reference filter only when the user may list the
 * referenced resource (its choices); until that is known, none of them (no request may go out
 * that the user's permissions refuse).
 */
function useUsableFilters(declared: FieldSpec[]): FieldSpec[] {
  const referenced = declared.flatMap((field) => (field.kind === 'reference' && field.reference ? [field.reference.resource] : NONE));
  const key = [...new Set(referenced)].sort().join('|');
  const resources = useMemo(() => (key ? key.split('|') : NONE), [key]);
  const { canAccess } = useCanAccessResources({ action: 'list', resources });
  return declared.filter((field) => field.kind !== 'reference' || (field.reference && canAccess?.[field.reference.resource] === true));
}

/**
 * The list's filters, applied as the user types (react-admin's FilterLiveForm): the free-text
 * search `q` when `search` (its placeholder's i18n key) is given, then one input per declared
 * `filter` field. On a phone the declared filters fold behind a "Filters" button (with the
 * number in force) and the filters in force show as chips, so the row never widens the page.
 */
export function SchemaFilters({ fields, search, filtersLabel = 'ra.action.add_filter' }: { fields: FieldSet; search?: string; /** i18n key of the phone's "Filters" button */ filtersLabel?: string }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const { filterValues } = useListContext();
  const panel = useId();
  const declared = useUsableFilters(filterFields(fields));
  if (!search && declared.length === 0) return null;
  const inForce = declared.filter((field) => filterValues?.[field.source] != null && filterValues[field.source] !== '').length;
  const inputs = declared.map((field) => <SchemaFilterInput key={field.source} field={field} />);
  return (
    <FilterLiveForm debounce={400}>
      <Box sx={{ display: 'flex', gap: phone ? 1 : 2, alignItems: 'center', flexWrap: 'wrap', width: phone ? '100%' : undefined }}>
        {search && (
          <SearchInput
            source="q"
            placeholder={translate(search)}
            helperText={false}
            sx={phone ? { flex: '1 1 auto', minWidth: 0 } : { flex: '0 1 420px', minWidth: 260 }}
            slotProps={{ htmlInput: { 'aria-label': translate(search), maxLength: FILTER_TEXT_MAX } }}
          />
        )}
        {phone && declared.length > 0 && (
          <Button onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={panel} startIcon={<FilterListIcon />}>
            <Badge badgeContent={inForce} color="primary" sx={{ '& .MuiBadge-badge': { right: -10 } }}>
              {translate(filtersLabel)}
            </Badge>
          </Button>
        )}
        {/* react-admin's inputs take the full width: each gets a share of the row, so the filters stand side by side */}
        {!phone &&
          declared.map((field) => (
            <Box key={field.source} sx={{ flex: '0 1 240px', minWidth: 180 }}>
              <SchemaFilterInput field={field} />
            </Box>
          ))}
      </Box>
      {phone && declared.length > 0 && (
        <>
          <Collapse in={open} id={panel}>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1, '& .MuiFormControl-root': { width: '100%', minWidth: 0 } }}>{inputs}</Box>
          </Collapse>
          {!open && (
            <Box sx={{ pt: 1 }}>
              <ActiveFilterChips declared={declared} />
            </Box>
          )}
        </>
      )}
    </FilterLiveForm>
  );
}
