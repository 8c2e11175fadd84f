import { Box, Button, CircularProgress, MenuItem, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useCreatePath, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { TICKET_REOPEN_STATUS, TICKET_STATUSES, isTicketClosed, ticketStatusKey, type TicketAction, type TicketStatus } from '../../../domain/tickets';
import type { Ticket } from '../../../domain/schemas/tickets';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useBusyRun } from '../../components/useBusyRun';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { focusAfterTicketAction } from './ticketFocus';
import { TICKETS } from './ticketShared';

type Busy = 'status' | 'reopen' | 'delete' | 'restore';

/** Staff's status change: any status but the current one, applied with its button. */
function StatusChange({ ticket, busy, onApply }: { ticket: Ticket; busy: Busy | null; onApply: (status: TicketStatus) => void }) {
  const translate = useTranslate();
  const [status, setStatus] = useState<TicketStatus | ''>('');
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField select size="small" label={translate('tickets.actions.newStatus')} value={status} onChange={(event) => setStatus(event.target.value as TicketStatus)} sx={{ minWidth: 220 }}>
        {TICKET_STATUSES.filter((candidate) => candidate !== ticket.status).map((candidate) => (
          <MenuItem key={candidate} value={candidate}>
            {translate(ticketStatusKey(candidate))}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="contained" disabled={status === '' || busy !== null} startIcon={busy === 'status' ? <CircularProgress size={16} color="inherit" /> : undefined} onClick={() => status && onApply(status)}>
        {translate('tickets.actions.status')}
      </Button>
    </Box>
  );
}

/**
 * The ticket's actions: exactly those the server lists for this ticket and viewer
 * (`record.actions`, domain `ticketActionsFor`): the status change (provider staff), reopen
 * (asked first, saying the status it goes back to; then the message box has the focus), delete
 * (asked first, in words fitting who asks: it leaves the customers' lists) and restore (provider staff). Replying and
 * the internal fields are the page's forms. A refusal shows its catalogue text (TICKET_CLOSED…).
 */
export function TicketActions({ ticket }: { ticket: Ticket }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { busy, run } = useBusyRun<Busy>();
  const [asking, setAsking] = useState<'delete' | 'reopen' | null>(null);
  // after an action the page is read again and its button is gone: focus moves on once it shows the new state (issue 43)
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current || isTicketClosed(ticket.status)) return;
    focusPending.current = false;
    focusAfterTicketAction();
  }, [ticket.status]);
  const has = (action: TicketAction) => ticket.actions.includes(action);
  // the customer's side deletes for themselves: staff keep the ticket (and may restore it)
  const customer = !has('status');
  if (!has('status') && !has('reopen') && !has('delete') && !has('restore')) return null;

  const act = async (key: Busy, work: () => Promise<unknown>, done: string) => {
    if (!(await run(work, { key, done, failure: 'messages.unableToPerformAction' }))) return;
    if (key === 'reopen') {
      setAsking(null);
      focusPending.current = true;
    }
    if (key === 'delete') {
      setAsking(null);
      // a customer no longer sees it; staff stay to restore it
      if (!ticket.actions.includes('restore') && !ticket.actions.includes('status')) {
        navigate(createPath({ resource: TICKETS, type: 'list' }));
        return;
      }
    }
    refresh();
  };

  return (
    <Box component="section" aria-label={translate('tickets.detail.actions')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      {has('status') && <StatusChange ticket={ticket} busy={busy} onApply={(status) => void act('status', () => dataProvider.setTicketStatus(ticket.id, status), 'tickets.success.status')} />}
      {has('reopen') && (
        <Button variant="contained" disabled={busy !== null} onClick={() => setAsking('reopen')}>
          {translate('tickets.actions.reopen')}
        </Button>
      )}
      {has('restore') && (
        <Button variant="contained" disabled={busy !== null} startIcon={busy === 'restore' ? <CircularProgress size={16} color="inherit" /> : undefined} onClick={() => void act('restore', () => dataProvider.restoreTicket(ticket.id), 'tickets.success.restore')}>
          {translate('tickets.actions.restore')}
        </Button>
      )}
      {has('delete') && (
        <Button variant="outlined" color="error" disabled={busy !== null} onClick={() => setAsking('delete')}>
          {translate('tickets.actions.delete')}
        </Button>
      )}
      {asking === 'reopen' && (
        <ConfirmDialog
          open
          title={translate('tickets.confirmReopen.title', { number: String(ticket.number) })}
          confirmLabel={translate('tickets.actions.reopen')}
          busy={busy === 'reopen'}
          onConfirm={() => void act('reopen', () => dataProvider.reopenTicket(ticket.id), 'tickets.success.reopen')}
          onClose={() => setAsking(null)}
        >
          <Typography>{translate('tickets.confirmReopen.text', { status: translate(ticketStatusKey(TICKET_REOPEN_STATUS)) })}</Typography>
        </ConfirmDialog>
      )}
      {asking === 'delete' && (
        <ConfirmDialog
          open
          title={translate('tickets.confirmDelete.title', { number: String(ticket.number) })}
          confirmLabel={translate('tickets.actions.delete')}
          confirmColor="error"
          busy={busy === 'delete'}
          onConfirm={() => void act('delete', () => dataProvider.deleteTicket(ticket.id), 'tickets.success.delete')}
          onClose={() => setAsking(null)}
        >
          <Typography>{translate(customer ? 'tickets.confirmDelete.customerText' : 'tickets.confirmDelete.text')}</Typography>
        </ConfirmDialog>
      )}
    </Box>
  );
}
