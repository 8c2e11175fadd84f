import { Box, Card, List, ListItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, InfiniteListBase, useListContext, useTranslate } from 'react-admin';
import type { PlannedReload } from '../../../../domain/reloadables';
import { ListLoadError } from '../../../components/ListLoadError';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { useFormatNumber } from '../../../components/formatMoney';
import { useFormatCents } from '../../../components/MoneyField';
import { SCROLLABLE_TABLE_SX } from '../../../components/scrollableTable';
import { formatDateTime } from '../../../i18n/dates';
import { ReloadStateBadge, useReasonText } from './reloadTexts';
import { RUN_ROWS } from './resources';

const nowrap = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** Why a row was not credited: a refusal at run time (its code's text) or a deletion from the queue. */
function useRowNote() {
  const translate = useTranslate();
  const reason = useReasonText();
  return (row: PlannedReload) => (row.state !== 'DELETED' ? '' : row.reason ? reason(row.reason) : translate('reloads.run.deletedFromQueue'));
}

/** The rows on a phone: position, card and badge, then amount, customer and why a row was not credited. */
function CompactRows() {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const formatNumber = useFormatNumber();
  const note = useRowNote();
  const { data } = useListContext<PlannedReload>();
  return (
    <List disablePadding aria-label={translate('reloads.run.rows')}>
      {data?.map((row) => (
        <ListItem key={row.id} divider sx={{ display: 'block', py: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="span" sx={nowrap}>
              {formatNumber(row.position)} · {row.cardNumber}
            </Typography>
            <ReloadStateBadge item={row} />
            <Typography component="span" sx={{ ml: 'auto', fontWeight: 600, ...nowrap }}>
              {formatCents(row.amountCents)}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[row.customer, `${translate('reloads.fields.currentAmount')}: ${formatCents(row.currentAmountCents)}`, note(row)].filter(Boolean).join(' · ')}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

function Table() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const formatCents = useFormatCents();
  const formatNumber = useFormatNumber();
  const note = useRowNote();
  const { error, data, isPending } = useListContext<PlannedReload>();
  const label = (key: string) => translate(`reloads.fields.${key}`);
  if (error && !data?.length) return <ListLoadError />;
  if (!isPending && data?.length === 0) return <Typography sx={{ p: 2 }}>{translate('reloads.run.noRows')}</Typography>;
  if (phone) return <CompactRows />;
  return (
    <DataTable<PlannedReload> rowClick={false} bulkActionButtons={false} sx={SCROLLABLE_TABLE_SX}>
      <DataTable.Col source="position" label={label('position')} disableSort render={(row) => formatNumber(row.position)} />
      <DataTable.Col source="cardNumber" label={label('cardNumber')} disableSort render={(row) => <span style={nowrap}>{row.cardNumber}</span>} />
      <DataTable.Col source="customer" label={label('customer')} disableSort render={(row) => row.customer ?? '—'} />
      <DataTable.Col source="amountCents" label={label('amount')} disableSort align="right" render={(row) => <span style={nowrap}>{formatCents(row.amountCents)}</span>} />
      <DataTable.Col source="initialAmountCents" label={label('initialAmount')} disableSort align="right" render={(row) => <span style={nowrap}>{formatCents(row.initialAmountCents)}</span>} />
      <DataTable.Col source="currentAmountCents" label={label('currentAmount')} disableSort align="right" render={(row) => <span style={nowrap}>{formatCents(row.currentAmountCents)}</span>} />
      <DataTable.Col source="state" label={label('state')} disableSort render={(row) => <ReloadStateBadge item={row as PlannedReload} />} />
      <DataTable.Col source="reason" label={label('reason')} disableSort render={(row) => note(row as PlannedReload)} />
      <DataTable.Col source="creditedAt" label={label('creditedAt')} disableSort render={(row) => <span style={nowrap}>{formatDateTime(row.creditedAt)}</span>} />
    </DataTable>
  );
}

/** A run's rows by position, a page at a time (load more), with the state and, for a row not credited, why. */
export function RunRows({ runId }: { runId: string }) {
  const translate = useTranslate();
  return (
    <InfiniteListBase<PlannedReload> resource={RUN_ROWS} filter={{ runId }} perPage={50} sort={{ field: 'position', order: 'ASC' }} disableSyncWithLocation queryOptions={{ onError: () => undefined }}>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('reloads.run.rows')}
      </Typography>
      <Card variant="outlined" sx={{ minWidth: 0 }}>
        <Table />
      </Card>
      <LoadMoreButton label={translate('reloads.run.loadMore')} />
    </InfiniteListBase>
  );
}
