import { Alert, Box, Grid, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { GiftCard } from '../../../domain/giftcards';
import { useFormatCents } from '../../components/MoneyField';
import { formatDateTime } from '../../i18n/dates';
import { GiftCardStatusBadge } from './GiftCardStatusBadge';

/** SPEC §5: a warning shows when the activation date is after the expiry date. */
export function activationIsAfterExpiry(card: Pick<GiftCard, 'activationDate' | 'expireDate'>): boolean {
  return Boolean(card.activationDate && card.expireDate && new Date(card.activationDate) > new Date(card.expireDate));
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div">{children || '—'}</Typography>
    </Grid>
  );
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
  const label = (key: string) => translate(`giftcards.fields.${key}`);
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
      <Grid container spacing={2} sx={{ mb: 2 }} aria-label={translate('giftcards.detail.balances')}>
        <Detail label={label('availableBalance')}>
          <Typography component="span" variant="h6" data-testid="available-balance">
            {formatCents(card.availableBalanceCents)}
          </Typography>
        </Detail>
        <Detail label={label('balance')}>{formatCents(card.balanceCents)}</Detail>
        <Detail label={label('frozen')}>{formatCents(card.frozenCents)}</Detail>
      </Grid>
      <Grid container spacing={2}>
        <Detail label={label('progressive')}>{card.progressive}</Detail>
        <Detail label={label('lotNumber')}>{card.lotNumber}</Detail>
        <Detail label={label('orderReference')}>{card.orderReference}</Detail>
        <Detail label={label('typology')}>{card.typologyName}</Detail>
        <Detail label={label('company')}>{card.companyName}</Detail>
        <Detail label={label('store')}>{card.storeName}</Detail>
        <Detail label={label('activationDate')}>{formatDateTime(card.activationDate)}</Detail>
        <Detail label={label('expireDate')}>{formatDateTime(card.expireDate)}</Detail>
        <Detail label={label('firstUseDate')}>{formatDateTime(card.firstUseDate)}</Detail>
      </Grid>
    </Paper>
  );
}
