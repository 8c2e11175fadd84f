import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Button, Chip, Collapse, useMediaQuery, type Theme } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { FilterLiveForm, ReferenceField, SearchInput, TextField, useCanAccessResources, useListContext, useTranslate } from 'react-admin';
import { FILTER_TEXT_MAX, filterFields, type FieldSet, type FieldSpec } from '../../../domain/fields';
import { SchemaFilterInput } from './SchemaInput';

function FilterValue({ field, value }: { field: FieldSpec; value: unknown }) {
  const translate = useTranslate();
  if (field.kind === 'reference' && field.reference) {
    return (
      <ReferenceField record={{ id: '', [field.source]: value }} source={field.source} reference={field.reference.resource} link={false}>
        <TextField source={field.reference.optionText} />
      </ReferenceField>
    );
  }
  if (field.kind === 'boolean') return <>{translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}</>;
  const choice = field.choices?.find((c) => c.id === value);
  return <>{choice ? translate(choice.name) : String(value)}</>;
}

/** The filters in force, each a chip that removes it (phones, where the inputs are folded away). */
function ActiveFilterChips({ declared }: { declared: FieldSpec[] }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const active = declared.filter((field) => filterValues?.[field.source] != null && filterValues[field.source] !== '');
  if (active.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label={translate('ra.action.remove_filter')}>
      {active.map((field) => (
        <Chip
          key={field.source}
          size="small"
          label={
            <>
              {translate(field.label)}: <FilterValue field={field} value={filterValues[field.source]} />
            </>
          }
          onDelete={() => {
            const next = { ...filterValues };
            delete next[field.source];
            setFilters(next);
          }}
        />
      ))}
    </Box>
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
        {!phone && inputs}
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
