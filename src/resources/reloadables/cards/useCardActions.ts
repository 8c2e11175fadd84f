import { useCanAccess } from 'react-admin';
import { CARD_ACTIONS, type CardAction, type ReloadableCard } from '../../../../domain/reloadables';

export const CARDS = 'reloadables/cards';

/** What the access table lets the user do with cards (domain/access.ts `reloadables/cards`). */
export function useCardRights(): Record<CardAction | 'bulk' | 'show', boolean> {
  const lock = useCanAccess({ resource: CARDS, action: 'lock' }).canAccess === true;
  const unlock = useCanAccess({ resource: CARDS, action: 'unlock' }).canAccess === true;
  const reload = useCanAccess({ resource: CARDS, action: 'reload' }).canAccess === true;
  const linkCompany = useCanAccess({ resource: CARDS, action: 'linkCompany' }).canAccess === true;
  const clientId = useCanAccess({ resource: CARDS, action: 'clientId' }).canAccess === true;
  const bulk = useCanAccess({ resource: CARDS, action: 'bulk' }).canAccess === true;
  const show = useCanAccess({ resource: CARDS, action: 'show' }).canAccess === true;
  return { lock, unlock, reload, linkCompany, clientId, bulk, show };
}

/** The actions offered on a card: those its state allows (`record.actions`, from the API's rules) and the user may do. */
export function offeredActions(card: Pick<ReloadableCard, 'actions'>, rights: Record<CardAction, boolean>): CardAction[] {
  return CARD_ACTIONS.filter((action) => card.actions[action] && rights[action]);
}
