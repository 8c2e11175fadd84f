import { Box, Card, List, ListItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, InfiniteListBase, RecordContextProvider, useListContext, useRecordContext, useTranslate } from 'react-admin';
import type { ReloadableCard } from '../../../../domain/reloadables';
import { DateTimeField } from '../../../components/DateTimeField';
import { ListLoadError } from '../../../components/ListLoadError';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { MoneyField, useFormatCents } from '../../../components/MoneyField';
import { SCROLLABLE_TABLE_SX } from '../../../components/scrollableTable';
import { PageHeading } from '../../../components/PageHeading';
import { ResponsiveListFilters } from '../../../components/ResponsiveListFilters';
import { ListCount } from '../shared/ListCount';
import { ReloadableCardStatusBadge } from '../shared/ReloadableCardStatusBadge';
import { CardRowActions } from './CardActions';
import { CardSelectionActions } from './CardBulkActions';
import { CardFilterChips, CardFilterForm } from './CardFilterForm';
import { CardNumberLink } from './CardNumberLink';
import { CardTableBody } from './CardTableBody';
import { CARDS, useCardRights } from './useCardActions';

const PAGE_SIZE = 25;

/** Holder and client ID share a column (two short lines) so the list fits a laptop screen. */
function HolderField() {
  const card = useRecordContext<ReloadableCard>();
  if (!card) return null;
  return (
    <>
      <Typography variant="body2">{card.customerName ?? '—'}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {card.clientId ?? '—'}
      </Typography>
    </>
  );
}

function NoCards() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('reloadables.cards.empty')}
    </Typography>
  );
}

/** Phones: number (the link), status, balance and the actions on the first line; holder, client ID and company below. */
function CompactCards() {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const { data } = useListContext<ReloadableCard>();
  if (!data?.length) return <NoCards />;
  return (
    <List disablePadding aria-label={translate('screens.reloadableCards')}>
      {data.map((card) => (
        <RecordContextProvider key={card.id} value={card}>
          <ListItem divider sx={{ display: 'block', py: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <CardNumberLink />
              <ReloadableCardStatusBadge />
              <Typography component="span" sx={{ ml: 'auto', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {formatCents(card.balanceCents)}
              </Typography>
              <CardRowActions />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[card.customerName, card.clientId, card.companyName].filter(Boolean).join(' · ')}
            </Typography>
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
}

function CardRows({ canBulk }: { canBulk: boolean }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { error, data } = useListContext<ReloadableCard>();
  if (error && !data?.length) return <ListLoadError />;
  if (phone) return <Card variant="outlined">{<CompactCards />}</Card>;
  const label = (key: string) => translate(`reloadables.cardFields.${key}`);
  return (
    // visible overflow: react-admin's bulk toolbar slides up over the row above the table
    <Card variant="outlined" sx={{ overflow: 'visible' }}>
      <DataTable<ReloadableCard> body={CardTableBody} bulkActionButtons={canBulk ? <CardSelectionActions /> : false} rowClick={false} empty={<NoCards />} sx={SCROLLABLE_TABLE_SX}>
        <DataTable.Col source="number" label={label('number')} field={CardNumberLink} />
        <DataTable.Col source="customerName" label={`${label('customerName')} / ${label('clientId')}`} disableSort field={HolderField} />
        <DataTable.Col source="companyName" label={label('company')} disableSort />
        <DataTable.Col source="status" label={label('status')} disableSort field={ReloadableCardStatusBadge} />
        <DataTable.Col source="balanceCents" label={label('balance')} disableSort align="right" render={() => <MoneyField source="balanceCents" />} />
        <DataTable.Col source="lastReloadAt" label={label('lastReloadAt')} render={() => <DateTimeField source="lastReloadAt" />} />
        <DataTable.Col source="expirationDate" label={label('expirationDate')} render={() => <DateTimeField source="expirationDate" dateOnly />} />
        <DataTable.Col source="actions" label={translate('reloadables.cards.actionsColumn')} disableSort field={CardRowActions} />
      </DataTable>
    </Card>
  );
}

/**
 * /reloadables/cards (SPEC §2): the company's reloadable cards with search, status and client ID
 * filters, load more, selection with bulk lock / unlock / reload / link company (and the
 * operation summary), and per-row actions offered only when they would succeed.
 */
export default function CardList() {
  const translate = useTranslate();
  const rights = useCardRights();
  return (
    <Box sx={{ maxWidth: 1600 }}>
      <PageHeading title={translate('screens.reloadableCards')} />
      <InfiniteListBase<ReloadableCard> resource={CARDS} perPage={PAGE_SIZE} sort={{ field: 'number', order: 'ASC' }} queryOptions={{ onError: () => undefined }}>
        <ResponsiveListFilters form={<CardFilterForm />} chips={<CardFilterChips />} />
        <Box sx={{ mb: 1, minHeight: 24 }}>
          <ListCount keys="reloadables.cards" />
        </Box>
        <CardRows canBulk={rights.bulk} />
        <LoadMoreButton label={translate('reloadables.cards.loadMore')} />
      </InfiniteListBase>
    </Box>
  );
}
