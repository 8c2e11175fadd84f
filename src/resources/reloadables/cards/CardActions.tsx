import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button, IconButton, Menu, MenuItem, Stack } from '@mui/material';
import { useState } from 'react';
import { useCreatePath, useDataProvider, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { CardAction, ReloadableCard } from '../../../../domain/reloadables';
import { useBusyRun } from '../../../components/useBusyRun';
import type { TesseraDataProvider } from '../../../dataProvider/types';
import { ClientIdDialog, LinkCompanyDialog, ReloadCardDialog } from './CardDialogs';
import { CARDS, offeredActions, useCardRights } from './useCardActions';

/** Runs a card action: lock and unlock at once (they are undone by the other), the others through their dialog. */
function useCardActionRunner(card: ReloadableCard | undefined) {
  const refresh = useRefresh();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [dialog, setDialog] = useState<CardAction | null>(null);
  const { busy, run: runBusy } = useBusyRun();
  const run = async (action: CardAction) => {
    if (!card) return;
    if (action !== 'lock' && action !== 'unlock') return setDialog(action);
    const call = () => (action === 'lock' ? dataProvider.lockReloadableCard(card.id) : dataProvider.unlockReloadableCard(card.id));
    if (await runBusy(call, { done: `reloadables.cardActions.${action}Done`, args: { number: card.number }, failure: 'messages.unableToPerformAction' })) refresh();
  };
  const close = () => setDialog(null);
  const dialogs =
    card && dialog === 'reload' ? (
      <ReloadCardDialog card={card} onClose={close} onDone={refresh} />
    ) : card && dialog === 'clientId' ? (
      <ClientIdDialog card={card} onClose={close} onDone={refresh} />
    ) : card && dialog === 'linkCompany' ? (
      <LinkCompanyDialog card={card} onClose={close} onDone={refresh} />
    ) : null;
  return { run, busy: busy !== null, dialogs };
}

/**
 * A row's actions behind one named button ("Actions for card 5350…"): lock, unlock, reload, link
 * company, set client ID, offered only when the card's state allows them (`record.actions`) and
 * the access table lets the user; history opens the card's page.
 */
export function CardRowActions() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const card = useRecordContext<ReloadableCard>();
  const rights = useCardRights();
  const { run, busy, dialogs } = useCardActionRunner(card);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!card) return null;
  const actions = offeredActions(card, rights);
  if (actions.length === 0 && !rights.show) return null;
  const menuId = `card-actions-${card.id}`;
  return (
    <>
      <IconButton
        size="small"
        aria-label={translate('reloadables.cardActions.menu', { number: card.number })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              void run(action);
            }}
          >
            {translate(`reloadables.cardActions.${action}`)}
          </MenuItem>
        ))}
        {rights.show && (
          <MenuItem onClick={() => navigate(createPath({ resource: CARDS, type: 'edit', id: card.id }))}>{translate('reloadables.cardActions.history')}</MenuItem>
        )}
      </Menu>
      {dialogs}
    </>
  );
}

/** The card page's actions as buttons (the same rules as the rows'). */
export function CardActionButtons() {
  const translate = useTranslate();
  const card = useRecordContext<ReloadableCard>();
  const rights = useCardRights();
  const { run, busy, dialogs } = useCardActionRunner(card);
  if (!card) return null;
  const actions = offeredActions(card, rights);
  if (actions.length === 0) return null;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" role="group" aria-label={translate('reloadables.cardActions.group')}>
        {actions.map((action) => (
          <Button key={action} variant={action === 'reload' ? 'contained' : 'outlined'} disabled={busy} onClick={() => void run(action)}>
            {translate(`reloadables.cardActions.${action}`)}
          </Button>
        ))}
      </Stack>
      {dialogs}
    </>
  );
}
