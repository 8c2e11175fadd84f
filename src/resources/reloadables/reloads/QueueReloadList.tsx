import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable, useTranslate, type RaRecord } from 'react-admin';
import type { PlannedReload } from '../../../../domain/reloadables';
import { queueReloadFields } from '../../../../domain/schemas/reloads';
import { useFormat } from '../../../i18n/formatMoney';
import { PageHeading } from '../../../components/PageHeading';
import { SchemaCompactList, SchemaList } from '../../../components/schema';
import { formatDateTime } from '../../../i18n/dates';
import { QueueRowDelete } from './QueueRowDelete';
import { ReloadStateBadge } from './reloadTexts';
import { QUEUE } from './resources';
import { RunLink } from './RunLink';

const NOWRAP = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** The row's id as people read it: its run's number (the link to the run) and its place in the run. */
function RowId({ row }: { row: RaRecord }) {
  const format = useFormat();
  return <RunLink resource={QUEUE} id={row.runId} number={row.runNumber} suffix={` · ${format.number(row.position)}`} />;
}

/** Two values in one cell, the second small below (card over customer, current over initial): the delete action stays in view at 1280 px. */
function Stacked({ top, bottom }: { top: ReactNode; bottom: ReactNode }) {
  return (
    <>
      <Box component="span" sx={{ ...NOWRAP, display: 'block' }}>
        {top}
      </Box>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {bottom}
      </Typography>
    </>
  );
}

/**
 * /reloadables/queue-reloads (SPEC §2/§3): the planned reloads (domain/schemas/reloads.ts),
 * soonest first (the API shows the rows still to run unless a state is chosen), with their run
 * (the link to the run's page, where a whole planned run is deleted), the card, amounts and dates,
 * and "delete" on a row whose run has not started. A row opens nothing itself: its link is its
 * run's. On a phone: run and badge, amount and delete, then card and when.
 */
export default function QueueReloadList() {
  const translate = useTranslate();
  const format = useFormat();
  const badge = (row: RaRecord) => <ReloadStateBadge item={row as PlannedReload} />;
  const remove = (row: RaRecord) => <QueueRowDelete row={row as PlannedReload} />;
  return (
    <>
      <PageHeading title={translate('screens.queueReloads')} />
      <SchemaList
        fields={queueReloadFields}
        rowClick={false}
        link={false}
        render={{
          runNumber: (row) => <RowId row={row} />,
          cardNumber: (row) => <Stacked top={row.cardNumber} bottom={row.customer ?? '—'} />,
          // dates free to wrap, as the two-value cells: the table fits at 1280 px
          insertedAt: (row) => formatDateTime(row.insertedAt),
          scheduledAt: (row) => formatDateTime(row.scheduledAt),
          currentAmountCents: (row) => <Stacked top={format.cents(row.currentAmountCents)} bottom={<span style={NOWRAP}>{translate('reloads.queue.initial', { amount: format.cents(row.initialAmountCents) })}</span>} />,
          state: badge,
        }}
        columns={<DataTable.Col label="reloads.fields.actions" disableSort render={remove} />}
        compact={
          <SchemaCompactList
            fields={queueReloadFields}
            primaryText={(row) => (
              <>
                <RowId row={row} />
                {badge(row)}
              </>
            )}
            tertiaryText={(row) => (
              <>
                {format.cents(row.amountCents)} {remove(row)}
              </>
            )}
            secondaryText={(row) => (
              <>
                <span style={{ display: 'block' }}>{[row.cardNumber, row.customer ?? '—', row.companyName].join(' · ')}</span>
                {`${translate('reloads.fields.scheduledAt')}: ${formatDateTime(row.scheduledAt)} · ${translate('reloads.fields.currentAmount')}: ${format.cents(row.currentAmountCents)}`}
              </>
            )}
            empty={null}
          />
        }
        disableSyncWithLocation={false}
      />
    </>
  );
}
