import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Loading, ShowBase, useCanAccess, useCreatePath, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { USABLE_CARD_STATUSES, type GiftCard } from '../../../domain/giftcards';
import { PageHeading } from '../../pages/PageHeading';
import { GiftCardDetails } from './GiftCardDetails';
import { GiftCardTransactions } from './GiftCardTransactions';
import { ReloadDialog } from './ReloadDialog';

const RESOURCE = 'privative/giftcards';

/** Reload (SPEC §2), for users the access table allows it; disabled, with the reason, on a card that cannot be used. */
function ReloadAction() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const card = useRecordContext<GiftCard>();
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: 'reload' });
  const [open, setOpen] = useState(false);
  if (!card || !canAccess) return null;
  const usable = USABLE_CARD_STATUSES.includes(card.status);
  const button = (
    <Button variant="contained" onClick={() => setOpen(true)} disabled={!usable}>
      {translate('giftcards.detail.reload')}
    </Button>
  );
  return (
    <>
      {/* a disabled button gets no pointer events: the tooltip needs a wrapper to explain why */}
      {usable ? button : <Tooltip title={translate('giftcards.detail.notUsable')}><span>{button}</span></Tooltip>}
      {open && <ReloadDialog card={card} onClose={() => setOpen(false)} onDone={refresh} />}
    </>
  );
}

function CardLedger() {
  const card = useRecordContext<GiftCard>();
  return card ? <GiftCardTransactions cardId={String(card.id)} /> : null;
}

/**
 * /privative/giftcards/{id}: the card, its ledger and the reload action (SPEC §2). react-admin's
 * ShowBase reads the id from the route, checks access ('show') and loads the card; a card that
 * cannot be read sends the user back to the list with react-admin's notification.
 */
export default function GiftCardShow() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Button component={Link} to={createPath({ resource: RESOURCE, type: 'list' })} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('giftcards.detail.back')}
      </Button>
      <PageHeading title={translate('screens.giftcardDetail')} />
      <ShowBase<GiftCard> resource={RESOURCE} loading={<Loading />}>
        <GiftCardDetails actions={<ReloadAction />} />
        <CardLedger />
      </ShowBase>
    </Box>
  );
}
