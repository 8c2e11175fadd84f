import { Chip } from '@mui/material';
import { DataTable, useListContext, useTranslate } from 'react-admin';
import type { Transaction } from '../../../domain/giftcards';
import { transactionFields } from '../../../domain/schemas/transaction';
import { formatDate } from '../../i18n/dates';
import { PageHeading } from '../../components/PageHeading';
import { CompactRows, SchemaList } from '../../components/schema';
import { GiftCardCodeLink } from '../giftcards/GiftCardCodeLink';
import { ResponsiveListFilters } from '../../components/ResponsiveListFilters';
import { MOVE_CELLS, TransactionAmountField, TransactionResultField, TransactionTypeField } from './TransactionFields';
import { TransactionFilterForm } from './TransactionFilterForm';
import { TransactionRowActions } from './TransactionRowActions';

/** The applied filters as chips (phones show them next to the folded form). */
function FilterChips() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const entries = Object.entries(filterValues as Record<string, unknown>).filter(([, value]) => value !== undefined && value !== '');
  const valueOf = (key: string, value: unknown) =>
    key === 'type' ? translate(`transactions.listTypes.${String(value)}`) : /^date/.test(key) ? formatDate(String(value)) : key === 'storeId' || key === 'cardId' ? '✓' : String(value);
  return (
    <>
      {entries.map(([key, value]) => (
        <Chip key={key} size="small" variant="outlined" label={`${translate(`transactions.filters.${key === 'storeId' ? 'store' : key === 'cardId' ? 'card' : key}`)}: ${valueOf(key, value)}`} />
      ))}
    </>
  );
}

/** How the ledger's cells show what the declaration alone cannot: the card's link, then the move's cells. */
const RENDER = { cardCode: () => <GiftCardCodeLink />, ...MOVE_CELLS };

/**
 * /privative/transactions/list: the ledger of the company's cards, with row actions (SPEC §2).
 * The card code links to the card; the row's actions are a menu at the start of the row, so the
 * table fits its card at 1280 px and phones get compact rows with the filters folded.
 */
export default function TransactionList() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title={translate('screens.transactionList')} />
      <SchemaList
        fields={transactionFields}
        filters={<ResponsiveListFilters form={<TransactionFilterForm />} chips={<FilterChips />} />}
        rowClick={false}
        link={false}
        render={RENDER}
        leadingColumns={<DataTable.Col label={translate('transactions.fields.actions')} disableSort field={TransactionRowActions} cellSx={() => ({ width: 48, px: 0.5 })} />}
        compact={
          // a phone row: the actions menu, card, type and amount; then the result, date and store
          <CompactRows<Transaction>
            fields={transactionFields}
            label="screens.transactionList"
            line={() => (
              <>
                <TransactionRowActions />
                <GiftCardCodeLink />
                <TransactionTypeField />
              </>
            )}
            end={() => <TransactionAmountField />}
            secondary={(transaction, text) => (
              <>
                <TransactionResultField />
                {[text('createdAt'), transaction.storeName].filter(Boolean).join(' · ')}
              </>
            )}
          />
        }
        disableSyncWithLocation={false}
      />
    </>
  );
}
