import { Box, Button, Grid, MenuItem, Paper } from '@mui/material';
import { useMemo } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { CARD_STATUS_FILTERS, cardFilterSchema, type CardFilter } from '../../../domain/giftcards';
import { apiFilterResolver } from '../../components/apiFilterResolver';
import { FormDateField } from '../../components/FormDateField';
import { FormTextField } from '../../components/FormTextField';
import { StoreAutocompleteInput } from '../../components/StoreAutocompleteInput';
import { EMPTY_GIFT_CARD_FILTER, fromGiftCardApiFilter, toGiftCardApiFilter, type GiftCardFilterValues } from './giftCardFilterValues';

const resolver = apiFilterResolver(toGiftCardApiFilter, cardFilterSchema);
const field = { size: { xs: 12, sm: 6, md: 3 } } as const;

/**
 * The card list filters (SPEC §2): applied with the search button rather than per keystroke,
 * since each search scans a large table; the applied filter lives in the URL.
 */
export function GiftCardFilterForm() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const defaultValues = useMemo(() => fromGiftCardApiFilter(filterValues as Partial<CardFilter>), [filterValues]);
  const form = useForm<GiftCardFilterValues>({ resolver, mode: 'onChange', defaultValues });
  const label = (key: string) => translate(`giftcards.filters.${key}`);

  const apply = (values: GiftCardFilterValues) => setFilters(toGiftCardApiFilter(values), undefined);
  const clear = () => {
    form.reset(EMPTY_GIFT_CARD_FILTER);
    setFilters({}, undefined);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <FormProvider {...form}>
        <Box component="form" noValidate aria-label={label('title')} onSubmit={form.handleSubmit(apply)}>
          <Grid container columnSpacing={2}>
            <Grid {...field}>
              <FormTextField name="status" label={label('status')} select size="small">
                {CARD_STATUS_FILTERS.map((status) => (
                  <MenuItem key={status} value={status}>
                    {translate(`giftcards.statusFilter.${status}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid {...field}>
              <FormTextField name="code" label={label('code')} size="small" />
            </Grid>
            <Grid {...field}>
              <FormTextField name="lotNumber" label={label('lotNumber')} size="small" />
            </Grid>
            <Grid {...field}>
              <FormTextField name="orderReference" label={label('orderReference')} size="small" />
            </Grid>
            <Grid {...field}>
              <FormTextField name="progressiveFrom" label={label('progressiveFrom')} size="small" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            </Grid>
            <Grid {...field}>
              <FormTextField name="progressiveTo" label={label('progressiveTo')} size="small" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <StoreAutocompleteInput source="storeId" label={label('store')} />
            </Grid>
            {(['activationFrom', 'activationTo', 'expiryFrom', 'expiryTo'] as const).map((name) => (
              <Grid key={name} {...field}>
                <FormDateField name={name} label={label(name)} calendarLabel={label('openCalendar')} size="small" />
              </Grid>
            ))}
          </Grid>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
            <Button onClick={clear}>{label('reset')}</Button>
            <Button type="submit" variant="contained">
              {label('apply')}
            </Button>
          </Box>
        </Box>
      </FormProvider>
    </Paper>
  );
}
