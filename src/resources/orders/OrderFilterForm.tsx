import { Grid, MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ORDER_STATES, orderFilterSchema, orderStateKey } from '../../../domain/orders';
import { FormDateField } from '../../components/FormDateField';
import { FormTextField } from '../../components/FormTextField';
import { ListFilterForm } from '../../components/ListFilterForm';
import { EMPTY_ORDER_FILTER, fromOrderApiFilter, toOrderApiFilter } from './orderFilterValues';
import { useTypologyChoices } from './useTypologyChoices';

const field = { size: { xs: 12, sm: 6, md: 'grow' } } as const;

/** One choice per raw state: several read "in progress" (SPEC §4), so the raw state tells them apart for the few who need it. */
const stateLabel = (translate: (key: string) => string, state: (typeof ORDER_STATES)[number]) => {
  const name = translate(orderStateKey(state));
  const shared = ORDER_STATES.filter((other) => orderStateKey(other) === orderStateKey(state)).length > 1;
  return shared ? `${name} (${state})` : name;
};

/**
 * SPEC §2's order filters: number (exact or prefix), creation date from/to (local days), state
 * and card order typology (the catalog). Applied with the search button, validated with the
 * API's `orderFilterSchema`; the applied filter lives in the URL.
 */
export function OrderFilterForm() {
  const translate = useTranslate();
  const typologies = useTypologyChoices();
  const label = (key: string) => translate(`orderScreens.filters.${key}`);
  return (
    <ListFilterForm labels="orderScreens.filters" schema={orderFilterSchema} empty={EMPTY_ORDER_FILTER} toApiFilter={toOrderApiFilter} fromApiFilter={fromOrderApiFilter}>
      <Grid {...field}>
        <FormTextField name="number" rule={orderFilterSchema.shape.number} label={label('number')} size="small" />
      </Grid>
      <Grid {...field}>
        <FormDateField name="dateFrom" label={label('dateFrom')} calendarLabel={`${label('openCalendar')}: ${label('dateFrom')}`} size="small" />
      </Grid>
      <Grid {...field}>
        <FormDateField name="dateTo" label={label('dateTo')} calendarLabel={`${label('openCalendar')}: ${label('dateTo')}`} size="small" />
      </Grid>
      <Grid {...field}>
        <FormTextField name="state" label={label('state')} select size="small" slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{label('anyState')}</MenuItem>
          {ORDER_STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {stateLabel(translate, state)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid {...field}>
        <FormTextField name="typologyId" label={label('typologyId')} select size="small" slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{label('anyTypology')}</MenuItem>
          {typologies.map((typology) => (
            <MenuItem key={typology.id} value={typology.id}>
              {typology.name}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
    </ListFilterForm>
  );
}
