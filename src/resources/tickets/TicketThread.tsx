import { Box, Button, CircularProgress, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { TICKET_LIMITS, TICKET_STATUSES, isTicketClosed, ticketStatusKey, type TicketFile, type TicketStatus } from '../../../domain/tickets';
import { ticketMessageBodySchema, type Ticket, type TicketMessage } from '../../../domain/schemas/tickets';
import { actionErrorText } from '../../components/actionErrorText';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { formatDateTime } from '../../i18n/dates';
import { focusAfterTicketAction, TICKET_MESSAGE_INPUT_ID, TICKET_STATUS_ID } from './ticketFocus';
import { AttachmentButton, AttachmentsInput, useTicketRight } from './ticketShared';

function Message({ ticket, message }: { ticket: Ticket; message: TicketMessage }) {
  const translate = useTranslate();
  const provider = message.side === 'PROVIDER';
  const files = ticket.attachments.filter((attachment) => message.attachmentIds.includes(attachment.id));
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: provider ? 'flex-start' : 'flex-end' }}>
      <Paper
        variant="outlined"
        component="article"
        aria-label={translate('tickets.thread.messageBy', { author: message.authorName ?? translate(`tickets.side.${message.side}`), at: formatDateTime(message.createdAt) })}
        sx={{ p: 2, width: { xs: '100%', sm: '85%' }, bgcolor: provider ? 'grey.50' : 'background.paper', borderLeft: provider ? 4 : 1, borderLeftColor: provider ? 'primary.main' : 'divider' }}
      >
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline', mb: 1 }}>
          <Typography variant="subtitle2" component="p">
            {message.authorName ?? '—'}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate(`tickets.side.${message.side}`)} · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Typography>
        {files.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            {files.map((file) => (
              <AttachmentButton key={file.id} ticketId={ticket.id} attachment={file} />
            ))}
          </Box>
        )}
      </Paper>
    </Box>
  );
}

/**
 * The reply: a message with attachments (the rule shown before picking); provider staff may set
 * the status the ticket moves to with it (e.g. waiting for the customer). Without one, the
 * server moves it as SPEC §4 says (a customer's answer to a ticket waiting for them: on going).
 */
function ReplyForm({ ticket }: { ticket: Ticket }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const staff = useTicketRight('status');
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<TicketFile[]>([]);
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    const parsed = ticketMessageBodySchema.safeParse({ body, attachments: files, ...(status && { status }) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'validation.invalid');
      return;
    }
    setError(null);
    setFailure(null);
    setSending(true);
    try {
      await dataProvider.replyTicket(ticket.id, parsed.data);
      notify('tickets.success.reply', { type: 'success' });
      setBody('');
      setFiles([]);
      setStatus('');
      refresh();
      // the Send button is disabled now: focus goes back to the message box, or to the status when the message closed the ticket (issue 43)
      if (status && isTicketClosed(status)) document.getElementById(TICKET_STATUS_ID)?.focus();
      else focusAfterTicketAction();
    } catch (caught) {
      setFailure(actionErrorText(caught, 'messages.unableToPerformAction'));
    } finally {
      setSending(false);
    }
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="ticket-reply-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="ticket-reply-title" variant="h6" component="h2">
        {translate('tickets.thread.reply')}
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => (event.preventDefault(), void send())}>
        <TextField
          id={TICKET_MESSAGE_INPUT_ID}
          label={translate('tickets.thread.message')}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          required
          multiline
          minRows={3}
          fullWidth
          margin="normal"
          error={Boolean(error)}
          helperText={error ? translate(error) : ' '}
          slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.messageMax } }}
        />
        <AttachmentsInput value={files} onChange={setFiles} />
        {staff && ticket.actions.includes('status') && (
          <TextField
            select
            label={translate('tickets.thread.setStatus')}
            value={status}
            onChange={(event) => setStatus(event.target.value as TicketStatus | '')}
            fullWidth
            margin="normal"
            helperText={translate('tickets.thread.setStatusHelp')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{translate('tickets.thread.keepStatus')}</MenuItem>
            {TICKET_STATUSES.map((candidate) => (
              <MenuItem key={candidate} value={candidate}>
                {translate(ticketStatusKey(candidate))}
              </MenuItem>
            ))}
          </TextField>
        )}
        <FormErrorAlert message={failure} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={sending || body.trim() === ''} startIcon={sending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {translate('tickets.thread.send')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

/** The messages, oldest first (the customer's on the right, staff's on the left), and the reply form while the ticket takes one. */
export function TicketThread({ ticket }: { ticket: Ticket }) {
  const translate = useTranslate();
  return (
    <>
      <Box component="section" aria-labelledby="ticket-thread-title">
        <Typography id="ticket-thread-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('tickets.thread.title')}
        </Typography>
        {ticket.messages.length === 0 ? (
          <Typography color="text.secondary">{translate('tickets.thread.empty')}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {ticket.messages.map((message) => (
              <Message key={message.id} ticket={ticket} message={message} />
            ))}
          </Box>
        )}
      </Box>
      {ticket.actions.includes('reply') && <ReplyForm key={ticket.id} ticket={ticket} />}
    </>
  );
}
