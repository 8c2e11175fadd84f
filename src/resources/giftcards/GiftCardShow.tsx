import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useGetOne, usePermissions, useRefresh, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { USABLE_CARD_STATUSES, type GiftCard } from '../../../domain/giftcards';
import { hasPermission, type Permissions } from '../../../domain/permissions';
import { errorMessage } from '../../dataProvider/httpError';
import { PageHeading } from '../../pages/PageHeading';
import { GiftCardDetails } from './GiftCardDetails';
import { GIFT_CARD_LIST_PATH, GIFT_CARDS_RESOURCE } from './giftCardPaths';
import { GiftCardTransactions } from './GiftCardTransactions';
import { ReloadDialog } from './ReloadDialog';

function ReloadButton({ card, onReload }: { card: GiftCard; onReload: () => void }) {
  const translate = useTranslate();
  const usable = USABLE_CARD_STATUSES.includes(card.status);
  const button = (
    <Button variant="contained" onClick={onReload} disabled={!usable}>
      {translate('giftcards.detail.reload')}
    </Button>
  );
  // a disabled button gets no pointer events: the tooltip needs a wrapper to explain why
  return usable ? button : <Tooltip title={translate('giftcards.detail.notUsable')}><span>{button}</span></Tooltip>;
}

/** /privative/giftcards/{id}: the card, its transactions and the reload action (SPEC §2). */
export default function GiftCardShow() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { id = '' } = useParams();
  const { permissions } = usePermissions<Permissions>();
  const { data: card, error, isPending } = useGetOne<GiftCard>(GIFT_CARDS_RESOURCE, { id }, { enabled: id !== '' });
  const [reloading, setReloading] = useState(false);

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Button component={Link} to={GIFT_CARD_LIST_PATH} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('giftcards.detail.back')}
      </Button>
      <PageHeading title={translate('screens.giftcardDetail')} />
      {isPending && <CircularProgress />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {card && (
        <>
          <GiftCardDetails card={card} actions={<ReloadButton card={card} onReload={() => setReloading(true)} />} />
          <GiftCardTransactions cardId={card.id} canOpenTransactions={hasPermission(permissions, 'privative.transactions')} />
          {reloading && <ReloadDialog card={card} onClose={() => setReloading(false)} onDone={refresh} />}
        </>
      )}
    </Box>
  );
}
