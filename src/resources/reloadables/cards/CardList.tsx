import { Box, Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import type { ReloadableCard } from '../../../../domain/reloadables';
import { reloadableCardFields } from '../../../../domain/schemas/reloadable-cards';
import { PageHeading } from '../../../components/PageHeading';
import { CompactRows, SchemaField, SchemaList, selectableRowsBody, type ColumnRender } from '../../../components/schema';
import { CardRowActions } from './CardActions';
import { CardSelectionActions } from './CardBulkActions';
import { CardNumberLink } from './CardNumberLink';
import { useCardRights } from './useCardActions';

const CardRows = selectableRowsBody({ selectLabel: 'reloadables.cards.select', params: (card) => ({ number: card.number }) });
const STATUS = reloadableCardFields.fields.find((field) => field.source === 'status')!;

/** The number links to the card (for who may open it); holder and client ID share a cell (two short lines). */
const RENDER: ColumnRender = {
  number: () => <CardNumberLink />,
  customerName: (card) => (
    <>
      <Typography variant="body2">{card.customerName ?? '—'}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {card.clientId ?? '—'}
      </Typography>
    </>
  ),
};

/** Phones: number (the link), status, balance and the actions on the first line; holder, client ID and company below. */
const compact = (
  <CompactRows<ReloadableCard>
    fields={reloadableCardFields}
    label="screens.reloadableCards"
    line={(_card, text) => (
      <>
        <CardNumberLink />
        <SchemaField field={STATUS} />
        <Typography component="span" sx={{ ml: 'auto', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {text('balanceCents')}
        </Typography>
        <CardRowActions />
      </>
    )}
    secondary={(_card, text) => [text('customerName'), text('clientId'), text('companyName')]}
  />
);

/**
 * /reloadables/cards (SPEC §2): the company's reloadable cards with search, status and client ID
 * filters, load more, selection with bulk lock / unlock / reload / link company (and the
 * operation summary), and per-row actions offered only when they would succeed.
 */
export default function CardList() {
  const translate = useTranslate();
  const rights = useCardRights();
  return (
    <Box sx={{ maxWidth: 1600 }}>
      <PageHeading title={translate('screens.reloadableCards')} />
      <SchemaList
        fields={reloadableCardFields}
        count
        countMore
        rowClick={false}
        link={false}
        render={RENDER}
        columns={<DataTable.Col source="actions" label={translate('reloadables.cards.actionsColumn')} disableSort field={CardRowActions} />}
        bulkActions={rights.bulk && <CardSelectionActions />}
        body={CardRows}
        compact={compact}
        disableSyncWithLocation={false}
      />
    </Box>
  );
}
