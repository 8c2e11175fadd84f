import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useCanAccess, useDataProvider, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Transaction } from '../../../domain/giftcards';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { newIdempotencyKey } from '../../components/idempotencyKey';
import { useFormatCents } from '../../components/MoneyField';
import { useBusyRun } from '../../components/useBusyRun';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { ReturnConsumeDialog } from './ReturnConsumeDialog';

type Action = 'unfreeze' | 'return' | 'cancel';
type Open = Action | null;

const RESOURCE = 'privative/transactions';
const ACTIONS: readonly Action[] = ['unfreeze', 'return', 'cancel'];

/** The two confirmations: their texts (`transactions.<action>.title|question|done`), button and call. */
const CONFIRMS = {
  unfreeze: { confirm: 'transactions.actions.unfreeze', dismiss: undefined, call: (dataProvider: TesseraDataProvider) => dataProvider.unfreezeTransaction },
  // "Cancel" reads wrong beside the cancel action itself
  cancel: { confirm: 'transactions.cancel.confirm', dismiss: 'ra.action.close', call: (dataProvider: TesseraDataProvider) => dataProvider.cancelTransaction },
};

/**
 * Unfreeze, return consume and cancel on one transaction row (SPEC §2), each behind a dialog,
 * each offered only where it can succeed (transactionActionRules.ts) and to users the access
 * table allows it. They sit in one compact menu button at the start of the row, named after the
 * row ("Actions: Consume ABCD…"), so they are on screen at any width without side scrolling.
 */
export function TransactionRowActions() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const formatCents = useFormatCents();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const transaction = useRecordContext<Transaction>();
  const allowed = {
    unfreeze: useCanAccess({ resource: RESOURCE, action: 'unfreeze' }).canAccess === true,
    return: useCanAccess({ resource: RESOURCE, action: 'return' }).canAccess === true,
    cancel: useCanAccess({ resource: RESOURCE, action: 'cancel' }).canAccess === true,
  };
  const [open, setOpen] = useState<Open>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { busy, run } = useBusyRun();
  // one key per opened confirmation: a retry of the same confirmation moves nothing twice
  const [key, setKey] = useState('');
  if (!transaction) return null;

  const openDialog = (which: Open) => (event: MouseEvent) => {
    event.stopPropagation();
    setAnchor(null);
    setKey(newIdempotencyKey());
    setOpen(which);
  };
  // what the user may do (canAccess) and what would succeed on this row now (the API's
  // `actions`, from the same rules its ledger applies: domain/giftcardRules.ts rowActions)
  const offered = Object.fromEntries(ACTIONS.map((action) => [action, allowed[action] && transaction.actions[action]])) as Record<Action, boolean>;
  if (!ACTIONS.some((action) => offered[action])) return null;
  const act = (call: () => Promise<unknown>, done: string) =>
    run(call, { done, failure: 'messages.operationFailed' }).then((ok) => {
      if (!ok) return;
      setOpen(null);
      refresh();
    });
  const confirm = open === 'unfreeze' || open === 'cancel' ? { action: open, ...CONFIRMS[open] } : null;
  const words = {
    amount: formatCents(Math.abs(transaction.type === 'FREEZE' ? transaction.frozenDeltaCents : transaction.amountCents)),
    code: transaction.cardCode,
    type: translate(`transactions.types.${transaction.type}`),
  };

  return (
    <span onClick={(event) => event.stopPropagation()}>
      <IconButton
        size="small"
        aria-label={translate('transactions.actions.menu', { type: words.type, code: transaction.cardCode })}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {ACTIONS.filter((action) => offered[action]).map((action) => (
          <MenuItem key={action} onClick={openDialog(action)} sx={action === 'cancel' ? { color: 'error.main' } : undefined}>
            {translate(`transactions.actions.${action}`)}
          </MenuItem>
        ))}
      </Menu>
      {open === 'return' && <ReturnConsumeDialog transaction={transaction} onClose={() => setOpen(null)} onDone={refresh} />}
      {confirm && (
        <ConfirmDialog
          open
          title={translate(`transactions.${confirm.action}.title`)}
          confirmLabel={translate(confirm.confirm)}
          dismissLabelKey={confirm.dismiss}
          busy={Boolean(busy)}
          onClose={() => setOpen(null)}
          onConfirm={() => void act(() => confirm.call(dataProvider)(transaction.id, key), `transactions.${confirm.action}.done`)}
        >
          {translate(`transactions.${confirm.action}.question`, words)}
        </ConfirmDialog>
      )}
    </span>
  );
}
