import { Grid, MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CARD_STATUS_FILTERS, cardFilterSchema, cardFilterShape, PROGRESSIVE_MAX_DIGITS } from '../../../domain/giftcards';
import { FormDateField } from '../../components/FormDateField';
import { FormTextField } from '../../components/FormTextField';
import { ListFilterForm } from '../../components/ListFilterForm';
import { useCanListChoices } from '../../components/ReferenceChoicesInput';
import { StoreAutocompleteInput } from '../../components/StoreAutocompleteInput';
import { STORE_REFERENCE } from '../../../domain/schemas/stores-api';
import { EMPTY_GIFT_CARD_FILTER, fromGiftCardApiFilter, toGiftCardApiFilter } from './giftCardFilterValues';

const field = { size: { xs: 12, sm: 6, md: 3 } } as const;

/**
 * The card list filters (SPEC §2): applied with the search button rather than per keystroke,
 * since each search scans a large table; the applied filter lives in the URL.
 */
export function GiftCardFilterForm() {
  const translate = useTranslate();
  const label = (key: string) => translate(`giftcards.filters.${key}`);
  // the store filter's choices are the store list: not for users who may not list stores
  const { canList: canListStores } = useCanListChoices(STORE_REFERENCE);
  return (
    <ListFilterForm labels="giftcards.filters" schema={cardFilterSchema} empty={EMPTY_GIFT_CARD_FILTER} toApiFilter={toGiftCardApiFilter} fromApiFilter={fromGiftCardApiFilter}>
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
        <FormTextField name="code" rule={cardFilterShape.code} label={label('code')} size="small" />
      </Grid>
      <Grid {...field}>
        <FormTextField name="lotNumber" rule={cardFilterShape.lotNumber} label={label('lotNumber')} size="small" />
      </Grid>
      <Grid {...field}>
        <FormTextField name="orderReference" rule={cardFilterShape.orderReference} label={label('orderReference')} size="small" />
      </Grid>
      <Grid {...field}>
        <FormTextField name="progressiveFrom" label={label('progressiveFrom')} size="small" slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PROGRESSIVE_MAX_DIGITS } }} />
      </Grid>
      <Grid {...field}>
        <FormTextField name="progressiveTo" label={label('progressiveTo')} size="small" slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PROGRESSIVE_MAX_DIGITS } }} />
      </Grid>
      {canListStores && (
        <Grid size={{ xs: 12, md: 6 }}>
          <StoreAutocompleteInput source="storeId" label={label('store')} />
        </Grid>
      )}
      {(['activationFrom', 'activationTo', 'expiryFrom', 'expiryTo'] as const).map((name) => (
        <Grid key={name} {...field}>
          <FormDateField name={name} label={label(name)} calendarLabel={label('openCalendar')} size="small" />
        </Grid>
      ))}
    </ListFilterForm>
  );
}
