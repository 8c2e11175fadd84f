import { Box, Card, List, ListItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, InfiniteListBase, useListContext, useTranslate } from 'react-admin';
import type { PlannedReload } from '../../../../domain/reloadables';
import { ListLoadError } from '../../../components/ListLoadError';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { useFormatNumber } from '../../../components/formatMoney';
import { useFormatCents } from '../../../components/MoneyField';
import { SCROLLABLE_TABLE_SX } from '../../../components/scrollableTable';
import { formatDateTime } from '../../../i18n/dates';
import { PageHeading } from '../../../components/PageHeading';
import { ResponsiveListFilters } from '../../../components/ResponsiveListFilters';
import { QueueRowDelete } from './QueueRowDelete';
import { ReloadFilterChips } from './ReloadFilterChips';
import { QueueFilterForm } from './ReloadFilterForms';
import { ReloadStateBadge } from './reloadTexts';
import { QUEUE } from './resources';
import { RunLink } from './RunLink';

const PAGE_SIZE = 25;
const nowrap = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** The row's id as people read it: its run's number (the link to the run) and its place in the run. */
function RowId({ row }: { row: PlannedReload }) {
  const formatNumber = useFormatNumber();
  return <RunLink resource={QUEUE} id={row.runId} number={row.runNumber} suffix={` · ${formatNumber(row.position)}`} />;
}

function QueueTable() {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const label = (key: string) => translate(`reloads.fields.${key}`);
  return (
    <DataTable<PlannedReload> rowClick={false} bulkActionButtons={false} sx={SCROLLABLE_TABLE_SX}>
      <DataTable.Col source="runNumber" label={label('id')} disableSort render={(row) => <RowId row={row as PlannedReload} />} />
      <DataTable.Col source="companyName" label={label('company')} disableSort />
      <DataTable.Col
        source="cardNumber"
        label={label('cardCustomer')}
        disableSort
        render={(row) => (
          <>
            <Box component="span" sx={{ ...nowrap, display: 'block' }}>
              {row.cardNumber}
            </Box>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {row.customer ?? '—'}
            </Typography>
          </>
        )}
      />
      <DataTable.Col source="amountCents" label={label('amount')} disableSort align="right" render={(row) => <span style={nowrap}>{formatCents(row.amountCents)}</span>} />
      <DataTable.Col source="insertedAt" label={label('insertedAt')} disableSort render={(row) => formatDateTime(row.insertedAt)} />
      <DataTable.Col source="scheduledAt" label={label('scheduledAt')} render={(row) => formatDateTime(row.scheduledAt)} />
      {/* two values a column (card over customer, current over initial) and dates free to wrap: the delete action stays in view at 1280 px */}
      <DataTable.Col
        source="currentAmountCents"
        label={label('currentInitialAmount')}
        disableSort
        align="right"
        render={(row) => (
          <>
            <Box component="span" sx={{ ...nowrap, display: 'block' }}>
              {formatCents(row.currentAmountCents)}
            </Box>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ...nowrap, display: 'block' }}>
              {translate('reloads.queue.initial', { amount: formatCents(row.initialAmountCents) })}
            </Typography>
          </>
        )}
      />
      <DataTable.Col source="state" label={label('state')} disableSort render={(row) => <ReloadStateBadge item={row as PlannedReload} />} />
      <DataTable.Col label={label('actions')} disableSort render={(row) => <QueueRowDelete row={row as PlannedReload} />} />
    </DataTable>
  );
}

/** The queue on a phone: run and badge, then amount, card and when; no table to widen the page. */
function QueueCompactList() {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const { data } = useListContext<PlannedReload>();
  return (
    <List disablePadding aria-label={translate('screens.queueReloads')}>
      {data?.map((row) => (
        <ListItem key={row.id} divider sx={{ display: 'block', py: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <RowId row={row} />
            <ReloadStateBadge item={row} />
            <Typography component="span" sx={{ ml: 'auto', fontWeight: 600, ...nowrap }}>
              {formatCents(row.amountCents)}
            </Typography>
            <QueueRowDelete row={row} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {row.cardNumber} · {row.customer ?? '—'} · {row.companyName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('reloads.fields.scheduledAt')}: {formatDateTime(row.scheduledAt)} · {translate('reloads.fields.currentAmount')}: {formatCents(row.currentAmountCents)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

function Rows() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { error, data, isPending } = useListContext<PlannedReload>();
  if (error && !data?.length) return <ListLoadError />;
  if (!isPending && data?.length === 0) {
    return (
      <Card variant="outlined">
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {translate('reloads.queue.empty')}
        </Typography>
      </Card>
    );
  }
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      {phone ? <QueueCompactList /> : <QueueTable />}
    </Card>
  );
}

/**
 * /reloadables/queue-reloads (SPEC §2/§3): the planned reloads, soonest first (the API shows the
 * rows still to run unless a state is chosen), with their run (the link to the run's page, where
 * a whole planned run is deleted), the card, amounts and dates, and "delete" on a row whose run
 * has not started.
 */
export default function QueueReloadList() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title={translate('screens.queueReloads')} />
      <InfiniteListBase<PlannedReload> resource={QUEUE} perPage={PAGE_SIZE} sort={{ field: 'scheduledAt', order: 'ASC' }} queryOptions={{ onError: () => undefined }}>
        <ResponsiveListFilters form={<QueueFilterForm />} chips={<ReloadFilterChips />} />
        <Rows />
        <LoadMoreButton label={translate('reloads.queue.loadMore')} />
      </InfiniteListBase>
    </>
  );
}
