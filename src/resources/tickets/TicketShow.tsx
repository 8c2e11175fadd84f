import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { ShowBase, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import type { Ticket } from '../../../domain/schemas/tickets';
import { PageHeading } from '../../components/PageHeading';
import { TICKET_STATUS_ID } from './ticketFocus';
import { BackLink, RecordLoadError } from '../../components/schema';
import { formatDateTime } from '../../i18n/dates';
import { TicketActions } from './TicketActions';
import { TicketInfo, TicketInternalForm } from './TicketInfo';
import { TicketThread } from './TicketThread';
import { TICKETS, TicketPriorityBadge, TicketStatusBadge } from './ticketShared';

/** What happened to the ticket, oldest first: created, moved by a message or by staff, reopened, deleted, restored. */
function TicketEvents({ ticket }: { ticket: Ticket }) {
  const translate = useTranslate();
  if (ticket.events.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="ticket-events-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="ticket-events-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('tickets.events.title')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {ticket.events.map((event) => (
          <Typography component="li" variant="body2" key={event.id} sx={{ mb: 0.5 }}>
            <time dateTime={event.at}>{formatDateTime(event.at)}</time>
            {' · '}
            {translate(`tickets.events.${event.kind}`, { status: translate(`tickets.status.${event.toStatus}`), user: event.userName ?? translate(`tickets.side.${event.side}`) })}
          </Typography>
        ))}
      </Box>
    </Paper>
  );
}

function TicketContent() {
  const translate = useTranslate();
  const { isPending, error, refetch } = useShowContext<Ticket>();
  const ticket = useRecordContext<Ticket>();
  if (error && !ticket) return <RecordLoadError error={error} refetch={refetch} title="tickets.detail.notFoundTitle" message="tickets.detail.notFound" heading={false} />;
  // a row of the list may stand in for the record until it arrives (react-admin seeds the record's cache from lists): wait for the whole ticket
  if (isPending || !ticket || !Array.isArray(ticket.actions)) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {translate('tickets.detail.number', { number: String(ticket.number) })}
          </Typography>
          {/* focusable by script: where focus goes after an action when no message box is there (ticketFocus.ts) */}
          <span data-testid="ticket-status" id={TICKET_STATUS_ID} tabIndex={-1}>
            <TicketStatusBadge status={ticket.status} />
          </span>
          <span data-testid="ticket-priority">
            <TicketPriorityBadge priority={ticket.priority} />
          </span>
        </Box>
        {ticket.deletedAt && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('tickets.detail.deleted', { at: formatDateTime(ticket.deletedAt) })}
          </Alert>
        )}
        <TicketActions ticket={ticket} />
      </Paper>
      <TicketInfo ticket={ticket} />
      <TicketInternalForm key={ticket.updatedAt} ticket={ticket} />
      <TicketThread ticket={ticket} />
      <TicketEvents ticket={ticket} />
    </Box>
  );
}

/**
 * A ticket's page (SPEC §2 `/tickets/{id}`): number, status and priority; the actions the server
 * lists for it; the information panel; staff's internal fields; the messages and the reply; what
 * happened to it.
 */
export default function TicketShow() {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      <BackLink resource={TICKETS} label="tickets.detail.back" />
      <PageHeading title={translate('screens.ticketDetail')} />
      <ShowBase<Ticket> resource={TICKETS} queryOptions={{ onError: () => undefined }}>
        <TicketContent />
      </ShowBase>
    </Box>
  );
}
