import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Transaction } from '../../../domain/giftcards';
import { actionErrorText } from '../../components/actionErrorText';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { newIdempotencyKey } from '../../components/idempotencyKey';
import { useFormatCents } from '../../components/MoneyField';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { ReturnConsumeDialog } from './ReturnConsumeDialog';

type Open = 'unfreeze' | 'return' | 'cancel' | null;

const RESOURCE = 'privative/transactions';

/**
 * Unfreeze, return consume and cancel on one transaction row (SPEC §2), each behind a dialog,
 * each offered only where it can succeed (transactionActionRules.ts) and to users the access
 * table allows it. They sit in one compact menu button at the start of the row, named after the
 * row ("Actions: Consume ABCD…"), so they are on screen at any width without side scrolling.
 */
export function TransactionRowActions() {
  const translate = useTranslate();
  const notify = useNotify();
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
  const [busy, setBusy] = useState(false);
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
  const offered = {
    unfreeze: allowed.unfreeze && transaction.actions.unfreeze,
    return: allowed.return && transaction.actions.return,
    cancel: allowed.cancel && transaction.actions.cancel,
  };
  if (!offered.unfreeze && !offered.return && !offered.cancel) return null;
  const run = async (call: () => Promise<unknown>, doneKey: string) => {
    setBusy(true);
    try {
      await call();
      notify(doneKey, { type: 'success' });
      setOpen(null);
      refresh();
    } catch (error) {
      const text = actionErrorText(error, 'messages.operationFailed');
      if (text) notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setBusy(false);
    }
  };
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
        {offered.unfreeze && <MenuItem onClick={openDialog('unfreeze')}>{translate('transactions.actions.unfreeze')}</MenuItem>}
        {offered.return && <MenuItem onClick={openDialog('return')}>{translate('transactions.actions.return')}</MenuItem>}
        {offered.cancel && (
          <MenuItem onClick={openDialog('cancel')} sx={{ color: 'error.main' }}>
            {translate('transactions.actions.cancel')}
          </MenuItem>
        )}
      </Menu>
      {open === 'return' && <ReturnConsumeDialog transaction={transaction} onClose={() => setOpen(null)} onDone={refresh} />}
      <ConfirmDialog
        open={open === 'unfreeze'}
        title={translate('transactions.unfreeze.title')}
        confirmLabel={translate('transactions.actions.unfreeze')}
        busy={busy}
        onClose={() => setOpen(null)}
        onConfirm={() => void run(() => dataProvider.unfreezeTransaction(transaction.id, key), 'transactions.unfreeze.done')}
      >
        {translate('transactions.unfreeze.question', words)}
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'cancel'}
        title={translate('transactions.cancel.title')}
        confirmLabel={translate('transactions.cancel.confirm')}
        dismissLabelKey="ra.action.close"
        busy={busy}
        onClose={() => setOpen(null)}
        onConfirm={() => void run(() => dataProvider.cancelTransaction(transaction.id, key), 'transactions.cancel.done')}
      >
        {translate('transactions.cancel.question', words)}
      </ConfirmDialog>
    </span>
  );
}
