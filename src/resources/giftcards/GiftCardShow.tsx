import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Loading, ShowBase, useCanAccess, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { moneyMoveRefusal } from '../../../domain/giftcardRules';
import type { GiftCard } from '../../../domain/giftcards';
import { PageHeading } from '../../components/PageHeading';
import { BackLink } from '../../components/schema';
import { AuditTimeline } from '../audit/AuditTimeline';
import { GiftCardDetails } from './GiftCardDetails';
import { GiftCardTransactions } from './GiftCardTransactions';
import { ReloadDialog } from './ReloadDialog';

const RESOURCE = 'privative/giftcards';

/**
 * Reload (SPEC §2), for users the access table allows it, only on a card the domain's rules let
 * move money (domain/giftcardRules.ts: ACTIVE or SOLD and not past its expiry); on any other card
 * the button is not offered and the reason is said instead.
 */
function ReloadAction() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const card = useRecordContext<GiftCard>();
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: 'reload' });
  const [open, setOpen] = useState(false);
  if (!card || !canAccess) return null;
  const refusal = moneyMoveRefusal({ status: card.status, voided: card.voided, expireDate: card.expireDate ? new Date(card.expireDate) : null }, new Date());
  if (refusal) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="reload-unavailable">
        {translate('giftcards.detail.notUsable')} {translate(`errors.codes.${refusal}`)}
      </Typography>
    );
  }
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        {translate('giftcards.detail.reload')}
      </Button>
      {open && <ReloadDialog card={card} onClose={() => setOpen(false)} onDone={refresh} />}
    </>
  );
}

function CardLedger() {
  const card = useRecordContext<GiftCard>();
  return card ? <GiftCardTransactions cardId={String(card.id)} /> : null;
}

/** Issue 22: the card's audit records (its timeline), for who may read the audit trail. */
function CardTimeline() {
  const card = useRecordContext<GiftCard>();
  return card ? <AuditTimeline entity="gift_cards" entityId={String(card.id)} /> : null;
}

/**
 * /privative/giftcards/{id}: the card, its ledger and the reload action (SPEC §2). react-admin's
 * ShowBase reads the id from the route, checks access ('show') and loads the card; a card that
 * cannot be read sends the user back to the list with react-admin's notification.
 */
export default function GiftCardShow() {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <BackLink resource={RESOURCE} label="giftcards.detail.back" />
      <PageHeading title={translate('screens.giftcardDetail')} />
      <ShowBase<GiftCard> resource={RESOURCE} loading={<Loading />}>
        <GiftCardDetails actions={<ReloadAction />} />
        <CardLedger />
        <CardTimeline />
      </ShowBase>
    </Box>
  );
}
