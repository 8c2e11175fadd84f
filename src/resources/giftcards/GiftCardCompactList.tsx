import { Box, List, ListItem, Typography } from '@mui/material';
import { RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import type { GiftCard } from '../../../domain/giftcards';
import { useFormatCents } from '../../components/MoneyField';
import { GiftCardCodeLink } from './GiftCardCodeLink';
import { GiftCardStatusBadge } from './GiftCardStatusBadge';

/**
 * The card list on a phone (react-admin's small-screen pattern, a SimpleList): one compact row
 * per card with its code (the link to its page), status and available balance, then typology
 * and store. No sideways scrolling.
 */
export function GiftCardCompactList() {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const { data } = useListContext<GiftCard>();
  if (!data?.length) return null;
  return (
    <List disablePadding aria-label={translate('screens.giftcardList')}>
      {data.map((card) => (
        <RecordContextProvider key={card.id} value={card}>
          <ListItem divider sx={{ display: 'block', py: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <GiftCardCodeLink />
              <GiftCardStatusBadge />
              <Typography component="span" sx={{ ml: 'auto', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {formatCents(card.availableBalanceCents)}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[card.typologyName, card.storeName].filter(Boolean).join(' · ')}
            </Typography>
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
}
