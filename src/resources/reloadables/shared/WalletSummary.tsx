import { Box, CircularProgress, Grid, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { Wallet } from '../../../../domain/reloadables';
import { ListLoadError } from '../../../components/ListLoadError';
import { useFormatCents } from '../../../components/MoneyField';
import { formatDateTime } from '../../../i18n/dates';

function Figure({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" variant={strong ? 'h6' : 'body1'} sx={{ m: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Grid>
  );
}

/**
 * A wallet at a glance (SPEC §3 "available balance or plafond, last reload date"): the balance,
 * what planned reloads have set aside, what is left to use, and when money last came in.
 * `query` is `useWallet()`'s answer; `actions` sit beside the title (fund, transfer).
 */
export function WalletSummary({ query, title, actions }: { query: { data?: Wallet; error: unknown; isPending: boolean; refetch: () => unknown }; title: string; actions?: ReactNode }) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const { data: wallet, error, isPending, refetch } = query;
  const label = (key: string) => translate(`reloadables.wallet.${key}`);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="wallet-summary-title" sx={{ p: 2, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" id="wallet-summary-title" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {isPending && <CircularProgress size={24} aria-label={label('loading')} />}
      {!isPending && error ? <ListLoadError error={error} onRetry={() => void refetch()} /> : null}
      {wallet && (
        <Grid container spacing={2} component="dl" sx={{ m: 0 }} data-testid="wallet-summary">
          <Figure label={label('balance')}>{formatCents(wallet.balanceCents)}</Figure>
          <Figure label={label('reserved')}>{formatCents(wallet.reservedCents)}</Figure>
          <Figure label={label('available')} strong>
            {formatCents(wallet.availableCents)}
          </Figure>
          <Figure label={label('lastReloadAt')}>{wallet.lastReloadAt ? formatDateTime(wallet.lastReloadAt) : '—'}</Figure>
        </Grid>
      )}
    </Paper>
  );
}
