import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Card, Stack, Tooltip, Typography } from '@mui/material';
import { DataTable, InfiniteListBase, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import type { GiftCard } from '../../../domain/giftcards';
import { DateTimeField } from '../../components/DateTimeField';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { MoneyField } from '../../components/MoneyField';
import { SCROLLABLE_TABLE_SX } from '../../components/scrollableTable';
import { PageHeading } from '../../pages/PageHeading';
import { activationIsAfterExpiry } from './GiftCardDetails';
import { GiftCardFilterForm } from './GiftCardFilterForm';
import { GiftCardListActions } from './GiftCardListActions';
import { GiftCardSelectionActions } from './GiftCardSelectionActions';
import { GiftCardStatusBadge } from './GiftCardStatusBadge';

const RESOURCE = 'privative/giftcards';
const PAGE_SIZE = 25;
const noWrap = () => ({ whiteSpace: 'nowrap' });

/** Lot and order reference share a column (two short lines) so the list fits a laptop screen. */
function LotAndOrderField() {
  const card = useRecordContext<GiftCard>();
  if (!card) return null;
  return (
    <>
      <Typography variant="body2">{card.lotNumber ?? '—'}</Typography>
      <Typography variant="caption" color="text.secondary">
        {card.orderReference ?? '—'}
      </Typography>
    </>
  );
}

/** The expiry date, with SPEC §5's warning when the card's activation date is after it. */
function ExpiryDateField() {
  const translate = useTranslate();
  const card = useRecordContext<GiftCard>();
  if (!card) return null;
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      <DateTimeField source="expireDate" />
      {activationIsAfterExpiry(card) && (
        <Tooltip title={translate('giftcards.detail.activationAfterExpiry')}>
          <WarningAmberIcon color="warning" fontSize="small" aria-label={translate('giftcards.detail.activationAfterExpiry')} />
        </Tooltip>
      )}
    </Stack>
  );
}

function NoCards() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('giftcards.list.empty')}
    </Typography>
  );
}

/**
 * /privative/giftcards: gift card management (SPEC §2). react-admin checks the session and the
 * 'list' access; a row opens the card (the resource's edit route, SPEC's `/privative/giftcards/{id}`);
 * selection and its bulk toolbar are there for users allowed 'bulk'.
 */
export default function GiftCardList() {
  const translate = useTranslate();
  const { canAccess: canBulk } = useCanAccess({ resource: RESOURCE, action: 'bulk' });
  const label = (key: string) => translate(`giftcards.fields.${key}`);
  return (
    <>
      <PageHeading title={translate('screens.giftcardList')} />
      <InfiniteListBase<GiftCard> resource={RESOURCE} perPage={PAGE_SIZE} sort={{ field: 'progressive', order: 'ASC' }}>
        <GiftCardFilterForm />
        <GiftCardListActions />
        {/* visible overflow: react-admin's bulk toolbar slides up over the actions row above the table */}
        <Card variant="outlined" sx={{ overflow: 'visible' }}>
          <DataTable<GiftCard> rowClick="edit" bulkActionButtons={canBulk ? <GiftCardSelectionActions /> : false} empty={<NoCards />} sx={SCROLLABLE_TABLE_SX}>
            <DataTable.Col source="code" label={label('code')} disableSort cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })} />
            <DataTable.Col source="progressive" label={label('progressive')} />
            <DataTable.Col source="lotNumber" label={`${label('lotNumber')} / ${label('orderReference')}`} disableSort cellSx={noWrap} field={LotAndOrderField} />
            <DataTable.Col source="typologyName" label={label('typology')} disableSort cellSx={() => ({ minWidth: 120 })} />
            <DataTable.Col source="status" label={label('status')} disableSort field={GiftCardStatusBadge} />
            <DataTable.Col source="availableBalanceCents" label={label('availableBalance')} disableSort align="right" render={() => <MoneyField source="availableBalanceCents" />} />
            <DataTable.Col source="activationDate" label={label('activationDate')} render={() => <DateTimeField source="activationDate" />} />
            <DataTable.Col source="expireDate" label={label('expireDate')} field={ExpiryDateField} />
            <DataTable.Col source="storeName" label={label('store')} disableSort cellSx={() => ({ minWidth: 120 })} />
          </DataTable>
        </Card>
        <LoadMoreButton label={translate('giftcards.list.loadMore')} />
      </InfiniteListBase>
    </>
  );
}
