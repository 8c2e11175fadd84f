import DeleteIcon from '@mui/icons-material/Delete';
import { IconButton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useDelete, useNotify, useRefresh, useTranslate } from 'react-admin';
import { reloadDisplayState, type PlannedReload } from '../../../../domain/reloadables';
import { actionErrorText } from '../../../components/actionErrorText';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useFormatCents } from '../../../components/MoneyField';
import { formatDateTime } from '../../../i18n/dates';
import { QUEUE } from './resources';

/** A planned row can still be deleted: in progress and its run's time not come yet (the API says RELOAD_NOT_PENDING otherwise). */
export const isDeletable = (row: PlannedReload, now = Date.now()) => reloadDisplayState(row, now) === 'PLANNED';

/** Deletes one planned reload before its run starts (SPEC §2 queue), after a confirmation; its amount goes back to the plafond. */
export function QueueRowDelete({ row }: { row: PlannedReload }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const formatCents = useFormatCents();
  const { canAccess } = useCanAccess({ resource: QUEUE, action: 'delete' });
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete<PlannedReload>();
  if (!canAccess || !isDeletable(row)) return null;
  const label = translate('reloads.queue.delete', { number: row.cardNumber });
  const confirm = () =>
    deleteOne(
      QUEUE,
      { id: row.id, previousData: row },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('reloads.queue.deleted', { type: 'success' });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          const text = actionErrorText(error, 'messages.unableToPerformAction');
          if (text) notify(text, { type: 'error', messageArgs: { _: text } });
        },
      },
    );
  return (
    <>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={() => setOpen(true)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <ConfirmDialog open title={translate('reloads.queue.deleteTitle')} confirmLabel={translate('reloads.queue.deleteConfirm')} busy={isPending} onConfirm={confirm} onClose={() => setOpen(false)}>
          <Typography>{translate('reloads.queue.deleteText', { amount: formatCents(row.amountCents), number: row.cardNumber, when: formatDateTime(row.scheduledAt) })}</Typography>
        </ConfirmDialog>
      )}
    </>
  );
}
