import { Alert, Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { GiftCard } from '../../../domain/giftcards';
import { useFormatCents } from '../../components/MoneyField';
import { SchemaShowFields } from '../../components/schema';
import { giftCardBalanceFields, giftCardDetailFields } from '../../../domain/schemas/giftcard';
import { GiftCardStatusBadge } from './GiftCardStatusBadge';

/** SPEC §5: a warning shows when the activation date is after the expiry date. */
export function activationIsAfterExpiry(card: Pick<GiftCard, 'activationDate' | 'expireDate'>): boolean {
  return Boolean(card.activationDate && card.expireDate && new Date(card.activationDate) > new Date(card.expireDate));
}

/**
 * The card of the record context (SPEC §3) with its status and balances, for the detail
 * (ShowBase) and search screens.
 */
export function GiftCardDetails({ actions }: { actions?: ReactNode }) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const card = useRecordContext<GiftCard>();
  if (!card) return null;
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace', letterSpacing: 1 }}>
          {card.code}
        </Typography>
        <GiftCardStatusBadge status={card.status} />
        <Box sx={{ flexGrow: 1 }} />
        {actions}
      </Box>
      {activationIsAfterExpiry(card) && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('giftcards.detail.activationAfterExpiry')}
        </Alert>
      )}
      <Box sx={{ mb: 2 }} aria-label={translate('giftcards.detail.balances')}>
        <SchemaShowFields
          fields={giftCardBalanceFields}
          render={{
            availableBalanceCents: () => (
              <Typography component="span" variant="h6" data-testid="available-balance">
                {formatCents(card.availableBalanceCents)}
              </Typography>
            ),
          }}
        />
      </Box>
      {/* a card's number, not a count: never grouped */}
      <SchemaShowFields fields={giftCardDetailFields} render={{ progressive: () => <Typography variant="body2">{card.progressive}</Typography> }} />
    </Paper>
  );
}
