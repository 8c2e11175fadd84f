import { Box, Button, Grid, MenuItem, Paper } from '@mui/material';
import { useMemo } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { TRANSACTION_LIST_TYPES, transactionFilterSchema, type TransactionFilter } from '../../../domain/giftcards';
import { apiFilterResolver } from '../../components/apiFilterResolver';
import { FormDateField } from '../../components/FormDateField';
import { FormTextField } from '../../components/FormTextField';
import { StoreAutocompleteInput } from '../../components/StoreAutocompleteInput';
import { CardCodeAutocomplete } from './CardCodeAutocomplete';
import { EMPTY_TRANSACTION_FILTER, fromTransactionApiFilter, toTransactionApiFilter, type TransactionFilterValues } from './transactionFilterValues';

const resolver = apiFilterResolver(toTransactionApiFilter, transactionFilterSchema);
const field = { size: { xs: 12, sm: 6, md: 4 } } as const;

/** Transaction filters (list type, date range, store, card), applied with the search button. */
export function TransactionFilterForm() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const defaultValues = useMemo(() => fromTransactionApiFilter(filterValues as Partial<TransactionFilter>), [filterValues]);
  const form = useForm<TransactionFilterValues>({ resolver, mode: 'onChange', defaultValues });
  const label = (key: string) => translate(`transactions.filters.${key}`);

  const apply = (values: TransactionFilterValues) => setFilters(toTransactionApiFilter(values), undefined);
  const clear = () => {
    form.reset(EMPTY_TRANSACTION_FILTER);
    setFilters({}, undefined);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <FormProvider {...form}>
        <Box component="form" noValidate aria-label={label('title')} onSubmit={form.handleSubmit(apply)}>
          <Grid container columnSpacing={2}>
            <Grid {...field}>
              <FormTextField name="type" label={label('type')} select size="small">
                <MenuItem value="">{label('allTypes')}</MenuItem>
                {TRANSACTION_LIST_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {translate(`transactions.listTypes.${type}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid {...field}>
              <FormDateField name="dateFrom" label={label('dateFrom')} calendarLabel={label('openCalendar')} size="small" />
            </Grid>
            <Grid {...field}>
              <FormDateField name="dateTo" label={label('dateTo')} calendarLabel={label('openCalendar')} size="small" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <StoreAutocompleteInput source="storeId" label={label('store')} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <CardCodeAutocomplete name="cardId" label={label('card')} />
            </Grid>
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
