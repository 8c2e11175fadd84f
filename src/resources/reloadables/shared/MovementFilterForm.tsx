import { Chip, Grid, MenuItem, Stack } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { WALLET_MOVEMENT_REASONS, WALLET_MOVEMENT_TYPES, walletMovementFilterSchema } from '../../../../domain/reloadables';
import { FormDateField } from '../../../components/FormDateField';
import { FormTextField } from '../../../components/FormTextField';
import { ListFilterForm } from '../../../components/ListFilterForm';
import { formatDate } from '../../../i18n/dates';
import { EMPTY_MOVEMENT_FILTER, fromMovementApiFilter, toMovementApiFilter } from './movementFilterValues';

const field = { size: { xs: 12, sm: 6, md: 'grow' } } as const;
const selectProps = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/**
 * The wallet movements' filters: type, reason, date from/to (local days); applied with the search
 * button. The API's type "wallet reload" takes the transfers too (their type column says
 * "transfer"), so its choice says so.
 */
export function MovementFilterForm() {
  const translate = useTranslate();
  const label = (key: string) => translate(`reloadables.movementFilters.${key}`);
  return (
    <ListFilterForm labels="reloadables.movementFilters" schema={walletMovementFilterSchema} empty={EMPTY_MOVEMENT_FILTER} toApiFilter={toMovementApiFilter} fromApiFilter={fromMovementApiFilter}>
      <Grid {...field}>
        <FormTextField name="type" label={label('type')} select size="small" slotProps={selectProps}>
          <MenuItem value="">{label('anyType')}</MenuItem>
          {WALLET_MOVEMENT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {translate(`reloadables.movementFilters.types.${type}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid {...field}>
        <FormTextField name="reason" label={label('reason')} select size="small" slotProps={selectProps}>
          <MenuItem value="">{label('anyReason')}</MenuItem>
          {WALLET_MOVEMENT_REASONS.map((reason) => (
            <MenuItem key={reason} value={reason}>
              {translate(`reloadables.movementReason.${reason}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid {...field}>
        <FormDateField name="dateFrom" label={label('dateFrom')} calendarLabel={`${label('openCalendar')}: ${label('dateFrom')}`} size="small" />
      </Grid>
      <Grid {...field}>
        <FormDateField name="dateTo" label={label('dateTo')} calendarLabel={`${label('openCalendar')}: ${label('dateTo')}`} size="small" />
      </Grid>
    </ListFilterForm>
  );
}

/** The applied movement filters as chips (phones, where the form is folded away); each removes its filter. */
export function MovementFilterChips() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const entries = Object.entries(filterValues as Record<string, unknown>).filter(([, value]) => value !== undefined && value !== '');
  const valueOf = (key: string, value: unknown) => {
    if (key === 'type') return translate(`reloadables.movementFilters.types.${String(value)}`);
    if (key === 'reason') return translate(`reloadables.movementReason.${String(value)}`);
    return formatDate(String(value));
  };
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1}>
      {entries.map(([key, value]) => (
        <Chip
          key={key}
          size="small"
          label={
            <>
              {translate(`reloadables.movementFilters.${key}`)}: <strong>{valueOf(key, value)}</strong>
            </>
          }
          onDelete={() => {
            const next: Record<string, unknown> = { ...filterValues };
            delete next[key];
            setFilters(next, undefined);
          }}
        />
      ))}
    </Stack>
  );
}
