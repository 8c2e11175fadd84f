import { DataTable, useTranslate } from 'react-admin';
import { transactionFields } from '../../../domain/schemas/transaction';
import { PageHeading } from '../../components/PageHeading';
import { SchemaList } from '../../components/schema';
import { GiftCardCodeLink } from '../../components/giftcards/GiftCardCodeLink';
import { LedgerCompactRows, MOVE_CELLS, TransactionResultField, TransactionTypeField } from '../../components/giftcards/TransactionFields';
import { CardCodeAutocomplete } from './CardCodeAutocomplete';
import { TransactionRowActions } from './TransactionRowActions';

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
        filterInputs={{ cardId: <CardCodeAutocomplete name="cardId" label={translate('transactions.filters.card')} /> }}
        rowClick={false}
        link={false}
        render={RENDER}
        leadingColumns={<DataTable.Col label={translate('transactions.fields.actions')} disableSort field={TransactionRowActions} cellSx={() => ({ width: 48, px: 0.5 })} />}
        compact={
          // a phone row: the actions menu, card, type and amount; then the result, date and store
          <LedgerCompactRows
            fields={transactionFields}
            label="screens.transactionList"
            line={
              <>
                <TransactionRowActions />
                <GiftCardCodeLink />
                <TransactionTypeField />
              </>
            }
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
