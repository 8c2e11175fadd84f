import { Grid, MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TRANSACTION_LIST_TYPES, transactionFilterSchema } from '../../../domain/giftcards';
import { FormDateField } from '../../components/FormDateField';
import { FormTextField } from '../../components/FormTextField';
import { ListFilterForm } from '../../components/ListFilterForm';
import { useCanListChoices } from '../../components/ReferenceChoicesInput';
import { StoreAutocompleteInput } from '../../components/StoreAutocompleteInput';
import { STORE_REFERENCE } from '../../../domain/schemas/stores-api';
import { CARD_CODE_REFERENCE, CardCodeAutocomplete } from './CardCodeAutocomplete';
import { EMPTY_TRANSACTION_FILTER, fromTransactionApiFilter, toTransactionApiFilter } from './transactionFilterValues';

const field = { size: { xs: 12, sm: 6, md: 4 } } as const;

/** Transaction filters (list type, date range, store, card), applied with the search button. */
export function TransactionFilterForm() {
  const translate = useTranslate();
  const label = (key: string) => translate(`transactions.filters.${key}`);
  // pickers whose choices are another list (stores, cards): only for users who may list it
  const { canList: canListStores } = useCanListChoices(STORE_REFERENCE);
  const { canList: canListCards } = useCanListChoices(CARD_CODE_REFERENCE);
  return (
    <ListFilterForm labels="transactions.filters" schema={transactionFilterSchema} empty={EMPTY_TRANSACTION_FILTER} toApiFilter={toTransactionApiFilter} fromApiFilter={fromTransactionApiFilter}>
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
      {canListStores && (
        <Grid size={{ xs: 12, md: 6 }}>
          <StoreAutocompleteInput source="storeId" label={label('store')} />
        </Grid>
      )}
      {canListCards && (
        <Grid size={{ xs: 12, md: 6 }}>
          <CardCodeAutocomplete name="cardId" label={label('card')} />
        </Grid>
      )}
    </ListFilterForm>
  );
}
