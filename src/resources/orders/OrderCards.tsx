import { Box, Button, CircularProgress, List, ListItem, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { RecordContextProvider, useDataProvider, useTranslate } from 'react-admin';
import type { OrderDetail } from '../../../domain/orders';
import { ListLoadError } from '../../components/ListLoadError';
import { useFormatCents } from '../../components/MoneyField';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { GiftCardCodeLink } from '../giftcards/GiftCardCodeLink';
import { GiftCardStatusBadge } from '../giftcards/GiftCardStatusBadge';
import { Section } from './OrderSections';
import type { OrderViewConfig } from './orderViews';

const PAGE = 25;
const f = (key: string) => `orderScreens.fields.${key}`;

/**
 * The order's gift cards (`GET orders/{id}/cards`, progressive order), 25 at a time with SPEC's
 * load more: code (the link to the card for who may open it), progressive, status, balance. The
 * query follows the order's state, so an order that becomes issued shows its new cards.
 */
export function OrderCards({ order, config }: { order: OrderDetail; config: OrderViewConfig }) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const query = useInfiniteQuery({
    queryKey: ['orderCards', config.view, order.id, order.state, order.activated],
    queryFn: ({ pageParam, signal }) => dataProvider.listOrderCards(config.view, order.id, { offset: pageParam, limit: PAGE }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasNextPage ? pages.reduce((n, page) => n + page.data.length, 0) : undefined),
  });
  const cards = query.data?.pages.flatMap((page) => page.data) ?? [];
  const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
  let body;
  if (query.error && cards.length === 0) body = <ListLoadError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.isPending) body = <CircularProgress size={24} />;
  else if (cards.length === 0) body = <Typography color="text.secondary">{translate('orderScreens.detail.noCards')}</Typography>;
  else if (phone)
    body = (
      <List disablePadding aria-labelledby="order-cards-title">
        {cards.map((card) => (
          <RecordContextProvider key={card.id} value={card}>
            <ListItem divider sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 0 }}>
              <GiftCardCodeLink />
              <GiftCardStatusBadge />
              <Typography component="span" sx={{ ml: 'auto', ...money }}>
                {formatCents(card.availableBalanceCents)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
                {translate(f('progressive'))} {card.progressive}
              </Typography>
            </ListItem>
          </RecordContextProvider>
        ))}
      </List>
    );
  else
    body = (
      <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
        <Table size="small" aria-labelledby="order-cards-title">
          <TableHead>
            <TableRow>
              <TableCell>{translate(f('code'))}</TableCell>
              <TableCell align="right">{translate(f('progressive'))}</TableCell>
              <TableCell>{translate(f('status'))}</TableCell>
              <TableCell align="right">{translate(f('balance'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {cards.map((card) => (
              <RecordContextProvider key={card.id} value={card}>
                <TableRow>
                  <TableCell>
                    <GiftCardCodeLink />
                  </TableCell>
                  <TableCell align="right">{card.progressive}</TableCell>
                  <TableCell>
                    <GiftCardStatusBadge />
                  </TableCell>
                  <TableCell align="right" sx={money}>
                    {formatCents(card.availableBalanceCents)}
                  </TableCell>
                </TableRow>
              </RecordContextProvider>
            ))}
          </TableBody>
        </Table>
      </Box>
    );
  return (
    <Section id="cards" title="orderScreens.detail.cards">
      {body}
      {query.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            startIcon={query.isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate('orderScreens.detail.loadMoreCards')}
          </Button>
        </Box>
      )}
    </Section>
  );
}
