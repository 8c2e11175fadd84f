import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { Wallet } from '../../../../domain/reloadables';
import { ListLoadError } from '../../../components/ListLoadError';
import { useFormatCents } from '../../../components/MoneyField';
import { formatDateTime } from '../../../i18n/dates';
import { RecordDetails } from './RecordDetails';

/**
 * A wallet at a glance (SPEC §3 "available balance or plafond, last reload date"): the balance,
 * what planned reloads have set aside, what is left to use, and when money last came in.
 * `query` is `useWallet()`'s answer, its title names the company; `actions` sit beside the title (fund).
 */
export function WalletSummary({ query, actions }: { query: { data?: Wallet; error: unknown; isPending: boolean; refetch: () => unknown }; actions?: ReactNode }) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const { data: wallet, error, isPending, refetch } = query;
  const label = (key: string) => translate(`reloadables.wallet.${key}`);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="wallet-summary-title" sx={{ p: 2, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" id="wallet-summary-title" sx={{ flexGrow: 1 }}>
          {wallet ? translate('reloadables.wallet.of', { company: wallet.companyName }) : label('title')}
        </Typography>
        {actions}
      </Box>
      {isPending && <CircularProgress size={24} aria-label={label('loading')} />}
      {!isPending && error ? <ListLoadError error={error} onRetry={() => void refetch()} /> : null}
      {wallet && (
        <RecordDetails
          testId="wallet-summary"
          size={{ xs: 6, md: 3 }}
          numeric
          items={[
            [label('balance'), formatCents(wallet.balanceCents)],
            [label('reserved'), formatCents(wallet.reservedCents)],
            [label('available'), formatCents(wallet.availableCents), true],
            [label('lastReloadAt'), wallet.lastReloadAt ? formatDateTime(wallet.lastReloadAt) : '—'],
          ]}
        />
      )}
    </Paper>
  );
}
