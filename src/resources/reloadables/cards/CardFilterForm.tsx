import { Chip, Grid, MenuItem, Stack } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { RELOADABLE_CARD_STATUSES, reloadableCardFilterSchema, type ReloadableCardStatus } from '../../../../domain/reloadables';
import { FormTextField } from '../../../components/FormTextField';
import { ListFilterForm } from '../../../components/ListFilterForm';
import { cardStatusKey } from '../shared/ReloadableCardStatusBadge';
import { EMPTY_CARD_FILTER, fromCardApiFilter, toCardApiFilter } from './cardFilterValues';

const field = { size: { xs: 12, sm: 6, md: 'grow' } } as const;

/** Search (card number prefix, client ID or customer name), status and client ID; applied with the search button. */
export function CardFilterForm() {
  const translate = useTranslate();
  const label = (key: string) => translate(`reloadables.cardFilters.${key}`);
  return (
    <ListFilterForm labels="reloadables.cardFilters" schema={reloadableCardFilterSchema} empty={EMPTY_CARD_FILTER} toApiFilter={toCardApiFilter} fromApiFilter={fromCardApiFilter}>
      <Grid size={{ xs: 12, md: 5 }}>
        <FormTextField name="q" rule={reloadableCardFilterSchema.shape.q} label={label('q')} helperText={label('qHelp')} size="small" />
      </Grid>
      <Grid {...field}>
        <FormTextField name="status" label={label('status')} select size="small" slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{label('anyStatus')}</MenuItem>
          {RELOADABLE_CARD_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {translate(cardStatusKey(status))}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid {...field}>
        <FormTextField name="clientId" rule={reloadableCardFilterSchema.shape.clientId} label={label('clientId')} size="small" />
      </Grid>
    </ListFilterForm>
  );
}

export function CardFilterChips() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const entries = Object.entries(filterValues as Record<string, unknown>).filter(([, value]) => value !== undefined && value !== '');
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1}>
      {entries.map(([key, value]) => (
        <Chip
          key={key}
          size="small"
          label={
            <>
              {translate(`reloadables.cardFilters.${key}`)}: <strong>{key === 'status' ? translate(cardStatusKey(value as ReloadableCardStatus)) : String(value)}</strong>
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
