import type { Identifier } from 'react-admin';
import type { TicketStatus } from '../../domain/tickets';
import type { Ticket, TicketCreateBody, TicketMessageBody } from '../../domain/schemas/tickets';
import type { HttpClient } from './httpClient';
import { resourcePath } from './resourcePaths';

/**
 * Support tickets (the route list in domain/schemas/tickets.ts): lists and records go through the
 * CRUD methods (`tickets`, `tickets/categories`); these are the rest. Each answers the ticket as
 * it now is (its status, messages and `actions`).
 */
export interface TicketActions {
  /** A new ticket (TO_DO); 400 with `errors['answers.<fieldId>']` when an answer is refused. */
  createTicket(body: TicketCreateBody): Promise<Ticket>;
  /** A message (with attachments); provider staff may set the status it moves to. */
  replyTicket(id: Identifier, body: TicketMessageBody): Promise<Ticket>;
  /** Provider staff: any status but the current one. */
  setTicketStatus(id: Identifier, status: TicketStatus): Promise<Ticket>;
  /** A closed ticket back to ON_GOING. */
  reopenTicket(id: Identifier): Promise<Ticket>;
  /** Soft delete (provider staff restore it). */
  deleteTicket(id: Identifier): Promise<Ticket>;
  restoreTicket(id: Identifier): Promise<Ticket>;
  /** Provider staff: the internal fields' answers. */
  saveTicketInternal(id: Identifier, answers: Record<string, unknown>): Promise<Ticket>;
  /** An attachment's bytes (served as application/octet-stream: the caller saves it under its name). */
  downloadTicketAttachment(id: Identifier, attachmentId: Identifier, signal?: AbortSignal): Promise<Blob>;
}

export function ticketActions(http: HttpClient): TicketActions {
  const seg = (id: Identifier) => encodeURIComponent(String(id));
  const ticket = (id: Identifier) => `${resourcePath('tickets')}/${seg(id)}`;
  const send = async (url: string, method: 'POST' | 'PUT' | 'DELETE', json?: unknown) => (await http.request<Ticket>(url, { method, json })).body;
  return {
    createTicket: (body) => send(resourcePath('tickets'), 'POST', body),
    replyTicket: (id, body) => send(`${ticket(id)}/messages`, 'POST', body),
    setTicketStatus: (id, status) => send(`${ticket(id)}/status`, 'POST', { status }),
    reopenTicket: (id) => send(`${ticket(id)}/reopen`, 'POST', {}),
    deleteTicket: (id) => send(ticket(id), 'DELETE'),
    restoreTicket: (id) => send(`${ticket(id)}/restore`, 'POST', {}),
    saveTicketInternal: (id, answers) => send(`${ticket(id)}/internal`, 'PUT', { answers }),
    async downloadTicketAttachment(id, attachmentId, signal) {
      return (await http.request<Blob>(`${ticket(id)}/attachments/${seg(attachmentId)}`, { responseType: 'blob', signal })).body;
    },
  };
}
