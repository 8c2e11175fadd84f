import { Box, Card, List, ListItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, InfiniteListBase, RecordContextProvider, useListContext, useRecordContext, useTranslate } from 'react-admin';
import type { CardEvent } from '../../../../domain/reloadables';
import { DateTimeField } from '../../../components/DateTimeField';
import { ListLoadError } from '../../../components/ListLoadError';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { MoneyField, useFormatCents } from '../../../components/MoneyField';
import { SCROLLABLE_TABLE_SX } from '../../../components/scrollableTable';

function NoEvents() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('reloadables.history.empty')}
    </Typography>
  );
}

/** What changed: the amount of a reload, the old → new client ID or company. */
function EventDetail() {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const event = useRecordContext<CardEvent>();
  if (!event) return null;
  if (event.amountCents !== null) return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>+{formatCents(event.amountCents)}</span>;
  const detail = event.detail ?? {};
  // companies by name, states in the user's language, client IDs as they are
  const shown = (value: string | null | undefined, name: string | null | undefined) => {
    if (event.type === 'COMPANY_LINKED') return name ?? value ?? null;
    if ((event.type === 'LOCK' || event.type === 'UNLOCK') && value) return translate(`reloadables.cardStatus.${value.replace(' ', '_')}`, { _: value });
    return value ?? null;
  };
  const from = shown(detail.from ?? detail.previous, detail.fromName);
  const to = shown(detail.to ?? detail.next, detail.toName);
  if (from !== null || to !== null) return <span>{translate('reloadables.history.change', { from: from ?? '—', to: to ?? '—' })}</span>;
  // other shapes: their values in the order the server wrote them (old before new)
  const values = Object.values(detail).filter(Boolean);
  return values.length ? <span>{values.join(' → ')}</span> : null;
}

function EventType() {
  const translate = useTranslate();
  const event = useRecordContext<CardEvent>();
  return event ? <>{translate(`reloadables.history.types.${event.type}`)}</> : null;
}

function CompactEvents() {
  const translate = useTranslate();
  const { data } = useListContext<CardEvent>();
  if (!data?.length) return <NoEvents />;
  return (
    <List disablePadding aria-label={translate('reloadables.history.title')}>
      {data.map((event) => (
        <RecordContextProvider key={event.id} value={event}>
          <ListItem divider sx={{ display: 'block' }}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                <EventType />
              </Typography>
              <Box sx={{ ml: 'auto' }}>
                <EventDetail />
              </Box>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              <DateTimeField source="createdAt" /> · {translate('reloadables.history.balanceAfter')} <MoneyField source="balanceAfterCents" />
              {event.userName ? ` · ${event.userName}` : ''}
            </Typography>
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
}

function EventRows() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { error, data } = useListContext<CardEvent>();
  if (error && !data?.length) return <ListLoadError />;
  if (phone) return <Card variant="outlined">{<CompactEvents />}</Card>;
  const label = (key: string) => translate(`reloadables.history.${key}`);
  return (
    <Card variant="outlined">
      <DataTable<CardEvent> bulkActionButtons={false} rowClick={false} empty={<NoEvents />} sx={SCROLLABLE_TABLE_SX}>
        <DataTable.Col source="createdAt" label={label('createdAt')} disableSort render={() => <DateTimeField source="createdAt" />} />
        <DataTable.Col source="type" label={label('type')} disableSort field={EventType} />
        <DataTable.Col source="detail" label={label('detail')} disableSort field={EventDetail} />
        <DataTable.Col source="balanceAfterCents" label={label('balanceAfter')} disableSort align="right" render={() => <MoneyField source="balanceAfterCents" />} />
        <DataTable.Col source="userName" label={label('user')} disableSort />
      </DataTable>
    </Card>
  );
}

/** A card's history (its events, newest first): resource `reloadables/card-history` with the card in the filter. */
export function CardHistory({ cardId }: { cardId: string }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 3 }} aria-labelledby="card-history-title">
      <Typography variant="h6" component="h2" id="card-history-title" sx={{ mb: 1 }}>
        {translate('reloadables.history.title')}
      </Typography>
      <InfiniteListBase<CardEvent> resource="reloadables/card-history" filter={{ cardId }} perPage={20} sort={{ field: 'createdAt', order: 'DESC' }} disableSyncWithLocation storeKey={false} queryOptions={{ onError: () => undefined }}>
        <EventRows />
        <LoadMoreButton label={translate('reloadables.history.loadMore')} />
      </InfiniteListBase>
    </Box>
  );
}
