import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Card, Stack, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, InfiniteListBase, useCanAccess, useListContext, useRecordContext, useTranslate } from 'react-admin';
import type { CardFilter, GiftCard } from '../../../domain/giftcards';
import { DateTimeField } from '../../components/DateTimeField';
import { ListLoadError } from '../../components/ListLoadError';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { MoneyField } from '../../components/MoneyField';
import { SCROLLABLE_TABLE_SX } from '../../components/scrollableTable';
import { PageHeading } from '../../components/PageHeading';
import { activationIsAfterExpiry } from './GiftCardDetails';
import { GiftCardCodeLink } from './GiftCardCodeLink';
import { GiftCardCompactList } from './GiftCardCompactList';
import { GiftCardCount } from './GiftCardCount';
import { GiftCardFilterForm } from './GiftCardFilterForm';
import { GiftCardFilterSummary } from './GiftCardFilterSummary';
import { GiftCardListActions } from './GiftCardListActions';
import { GiftCardSelectionActions } from './GiftCardSelectionActions';
import { GiftCardStatusBadge } from './GiftCardStatusBadge';
import { GiftCardTableBody } from './GiftCardTableBody';
import { ResponsiveListFilters } from '../../components/ResponsiveListFilters';

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
      <DateTimeField source="expireDate" dateOnly />
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

function CardFilters() {
  const { filterValues } = useListContext();
  return <ResponsiveListFilters form={<GiftCardFilterForm />} chips={<GiftCardFilterSummary filter={filterValues as CardFilter} />} />;
}

/** A page that could not be loaded shows why and a Retry, never the "no card matches" text. */
function CardRows({ canBulk }: { canBulk: boolean }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { error, data } = useListContext<GiftCard>();
  if (error && !data?.length) return <ListLoadError />;
  const label = (key: string) => translate(`giftcards.fields.${key}`);
  if (phone) {
    return (
      <Card variant="outlined">
        {data?.length === 0 ? <NoCards /> : <GiftCardCompactList />}
      </Card>
    );
  }
  return (
    // visible overflow: react-admin's bulk toolbar slides up over the actions row above the table
    <Card variant="outlined" sx={{ overflow: 'visible' }}>
      <DataTable<GiftCard> body={GiftCardTableBody} bulkActionButtons={canBulk ? <GiftCardSelectionActions /> : false} empty={<NoCards />} sx={SCROLLABLE_TABLE_SX}>
        <DataTable.Col source="code" label={label('code')} disableSort field={GiftCardCodeLink} />
        <DataTable.Col source="progressive" label={label('progressive')} />
        <DataTable.Col source="lotNumber" label={`${label('lotNumber')} / ${label('orderReference')}`} disableSort cellSx={noWrap} field={LotAndOrderField} />
        <DataTable.Col source="typologyName" label={label('typology')} disableSort />
        <DataTable.Col source="status" label={label('status')} disableSort field={GiftCardStatusBadge} />
        <DataTable.Col source="availableBalanceCents" label={label('availableBalance')} disableSort align="right" render={() => <MoneyField source="availableBalanceCents" />} />
        <DataTable.Col source="activationDate" label={label('activationDate')} render={() => <DateTimeField source="activationDate" dateOnly />} />
        <DataTable.Col source="expireDate" label={label('expireDate')} field={ExpiryDateField} />
        <DataTable.Col source="storeName" label={label('store')} disableSort />
      </DataTable>
    </Card>
  );
}

/**
 * /privative/giftcards: gift card management (SPEC §2). react-admin checks the session and the
 * 'list' access. The card code is the link to the card (`/privative/giftcards/{id}`; a mouse
 * click anywhere on the row works too); selection and its bulk toolbar are there for users
 * allowed 'bulk'. Dates show as days so every column fits a 1280 px screen; phones get compact rows.
 */
export default function GiftCardList() {
  const translate = useTranslate();
  const { canAccess: canBulk } = useCanAccess({ resource: RESOURCE, action: 'bulk' });
  return (
    <>
      <PageHeading title={translate('screens.giftcardList')} />
      {/* a failed page is shown in place (CardRows), not as a second, raw notification */}
      <InfiniteListBase<GiftCard> resource={RESOURCE} perPage={PAGE_SIZE} sort={{ field: 'progressive', order: 'ASC' }} queryOptions={{ onError: () => undefined }}>
        <CardFilters />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <GiftCardCount />
          <Box sx={{ flexGrow: 1 }}>
            <GiftCardListActions />
          </Box>
        </Box>
        <CardRows canBulk={canBulk === true} />
        <LoadMoreButton label={translate('giftcards.list.loadMore')} />
      </InfiniteListBase>
    </>
  );
}
