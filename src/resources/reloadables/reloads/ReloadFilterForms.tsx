import { Grid, MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import { plannedReloadFilterSchema, RELOAD_SOURCES, reloadRunFilterSchema } from '../../../../domain/reloadables';
import { FormDateField } from '../../../components/FormDateField';
import { FormTextField } from '../../../components/FormTextField';
import { ListFilterForm } from '../../../components/ListFilterForm';
import { EMPTY_HISTORY_FILTER, EMPTY_QUEUE_FILTER, fromHistoryApiFilter, fromQueueApiFilter, QUEUE_STATE_CHOICES, toHistoryApiFilter, toQueueApiFilter } from './filterValues';

const field = { size: { xs: 12, sm: 6, md: 'grow' } } as const;
const selectProps = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

function DayField({ name }: { name: string }) {
  const translate = useTranslate();
  const label = translate(`reloads.filters.${name}`);
  return (
    <Grid {...field}>
      <FormDateField name={name} label={label} calendarLabel={`${translate('reloads.filters.openCalendar')}: ${label}`} size="small" />
    </Grid>
  );
}

/** The queue's filters (SPEC §2/§3): state (none = still planned, the API's default), scheduled days, card number. */
export function QueueFilterForm() {
  const translate = useTranslate();
  return (
    <ListFilterForm labels="reloads.filters" schema={plannedReloadFilterSchema} empty={EMPTY_QUEUE_FILTER} toApiFilter={toQueueApiFilter} fromApiFilter={fromQueueApiFilter}>
      <Grid {...field}>
        <FormTextField name="state" label={translate('reloads.filters.state')} select size="small" slotProps={selectProps}>
          <MenuItem value="">{translate('reloads.filters.planned')}</MenuItem>
          {/* "in progress" would list exactly what the default (still to run) lists: not offered */}
          {QUEUE_STATE_CHOICES.map((state) => (
            <MenuItem key={state} value={state}>
              {translate(`reloads.states.${state}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <DayField name="scheduledFrom" />
      <DayField name="scheduledTo" />
      <Grid {...field}>
        <FormTextField name="cardNumber" rule={plannedReloadFilterSchema.shape.cardNumber} label={translate('reloads.filters.cardNumber')} helperText={translate('reloads.filters.cardNumberHelp')} size="small" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      </Grid>
    </ListFilterForm>
  );
}

/** The history's filters: source (manual, CSV, one card) and the run's days. */
export function HistoryFilterForm() {
  const translate = useTranslate();
  return (
    <ListFilterForm labels="reloads.filters" schema={reloadRunFilterSchema} empty={EMPTY_HISTORY_FILTER} toApiFilter={toHistoryApiFilter} fromApiFilter={fromHistoryApiFilter}>
      <Grid {...field}>
        <FormTextField name="source" label={translate('reloads.filters.source')} select size="small" slotProps={selectProps}>
          <MenuItem value="">{translate('reloads.filters.anySource')}</MenuItem>
          {RELOAD_SOURCES.map((source) => (
            <MenuItem key={source} value={source}>
              {translate(`reloads.sources.${source}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <DayField name="dateFrom" />
      <DayField name="dateTo" />
    </ListFilterForm>
  );
}
