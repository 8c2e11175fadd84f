import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Stack, Tooltip, Typography } from '@mui/material';
import { useListContext, useTranslate, type RaRecord } from 'react-admin';
import type { CardFilter, GiftCard } from '../../../domain/giftcards';
import { giftCardFields } from '../../../domain/schemas/giftcard';
import { useCanAccessAtOnce } from '../../authProvider/useCanAccessAtOnce';
import { DateTimeField } from '../../components/DateTimeField';
import { PageHeading } from '../../components/PageHeading';
import { SchemaList, selectableRowsBody } from '../../components/schema';
import { activationIsAfterExpiry } from './GiftCardDetails';
import { GiftCardCodeLink } from '../../components/giftcards/GiftCardCodeLink';
import { GiftCardListActions } from './GiftCardListActions';
import { GiftCardSelectionActions } from './GiftCardSelectionActions';
import { useGiftCardCount } from './useGiftCardCount';

/** "N cards" / "More than 10,000 cards": the server's bounded count for the applied filter (its own query). */
function CardCount() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { data } = useGiftCardCount(filterValues as CardFilter);
  return (
    // 48px high: the selection toolbar slides up over exactly this row
    <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ minHeight: 48, display: 'flex', alignItems: 'center' }} data-testid="giftcard-count">
      {data && translate(data.capped ? 'giftcards.list.countCapped' : 'giftcards.list.count', { smart_count: data.count })}
    </Typography>
  );
}

/** The expiry date, with SPEC §5's warning when the card's activation date is after it. */
function ExpiryDate({ card }: { card: RaRecord }) {
  const translate = useTranslate();
  const warning = translate('giftcards.detail.activationAfterExpiry');
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      <DateTimeField source="expireDate" dateOnly />
      {activationIsAfterExpiry(card as GiftCard) && (
        <Tooltip title={warning}>
          <WarningAmberIcon color="warning" fontSize="small" aria-label={warning} />
        </Tooltip>
      )}
    </Stack>
  );
}

/** A mouse click anywhere on a row opens the card; the keyboard does it through the code's link, the row's first stop. */
const GiftCardRows = selectableRowsBody({ selectLabel: 'giftcards.list.selectCard', params: (card) => ({ code: card.code }), openOnClick: true });

const RENDER = {
  code: () => <GiftCardCodeLink />,
  // a card's number, not a count: never grouped
  progressive: (card: RaRecord) => String(card.progressive),
  // lot and order reference share a cell (two short lines) so the list fits a laptop screen
  lotNumber: (card: RaRecord) => (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2">{card.lotNumber ?? '—'}</Typography>
      <Typography variant="caption" color="text.secondary">
        {card.orderReference ?? '—'}
      </Typography>
    </Box>
  ),
  expireDate: (card: RaRecord) => <ExpiryDate card={card} />,
};

/**
 * /privative/giftcards: gift card management (SPEC §2), columns from domain/schemas/giftcard.ts.
 * The card code is the link to the card (`/privative/giftcards/{id}`; a mouse click anywhere on
 * the row works too, GiftCardRows); selection and its toolbar are there for users allowed
 * 'bulk'. Phones get the declared compact rows, the code as the link.
 */
export default function GiftCardList() {
  const translate = useTranslate();
  const { canAccess: canBulk } = useCanAccessAtOnce({ resource: giftCardFields.resource, action: 'bulk' });
  return (
    <>
      <PageHeading title={translate('screens.giftcardList')} />
      <SchemaList
        fields={giftCardFields}
        actions={<GiftCardListActions />}
        summary={<CardCount />}
        rowClick={false}
        link={false}
        primaryText={() => <GiftCardCodeLink />}
        render={RENDER}
        body={GiftCardRows}
        bulkActions={canBulk === true && <GiftCardSelectionActions />}
        disableSyncWithLocation={false}
      />
    </>
  );
}
