import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketCategory } from '../../../domain/schemas/tickets';
import { CONCURRENT_DRIVERS } from '../../test/db';
import { ticketWorld, type TicketWorld } from '../../test/support/tickets';

/** Races on a real PostgreSQL (PGlite serialises everything): the ticket's row lock makes one of two concurrent moves win. */
describe.each(CONCURRENT_DRIVERS)('tickets races (%s)', (driver) => {
  let w: TicketWorld;
  let category: TicketCategory;
  beforeAll(async () => {
    w = await ticketWorld(driver);
    category = await w.category();
  });
  afterAll(() => w.t.close());

  it('two concurrent moves to the same status: one wins, the other is refused by the state it finds', async () => {
    const ticket = await w.ticket(category.id);
    const move = () => w.call(w.admin, 'POST', w.url(`/tickets/${ticket.id}/status`, w.tesseraId), { status: 'COMPLETED' });
    const answers = await Promise.all([move(), move()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toBe('TICKET_STATE_INVALID');
    expect(await w.count(sql`SELECT id FROM ticket_events WHERE ticket_id = ${ticket.id} AND kind = 'STATUS'`)).toBe(1);
  });

  it('a close and a customer reply at once: either the reply lands before the close or it is refused as closed', async () => {
    const ticket = await w.ticket(category.id);
    const [closed, replied] = await Promise.all([
      w.call(w.admin, 'POST', w.url(`/tickets/${ticket.id}/status`, w.tesseraId), { status: 'DISCARDED' }),
      w.call(w.operator, 'POST', w.url(`/tickets/${ticket.id}/messages`), { body: 'Still there?' }),
    ]);
    expect(closed.statusCode).toBe(200);
    const shown = await w.show(ticket.id, w.admin);
    expect(shown.status).toBe('DISCARDED');
    if (replied.statusCode === 200) expect(shown.messageCount).toBe(1);
    else {
      expect(replied.json().error.message).toBe('TICKET_CLOSED');
      expect(shown.messageCount).toBe(0);
    }
    // a customer's reply on TO_DO does not move it: the close is the only move either way
    expect(shown.events.map((e) => e.kind)).toEqual(['CREATED', 'STATUS']);
  });

  it('two deletes at once: one wins', async () => {
    const ticket = await w.ticket(category.id);
    const remove = () => w.call(w.admin, 'DELETE', w.url(`/tickets/${ticket.id}`, w.tesseraId));
    const answers = await Promise.all([remove(), remove()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await w.count(sql`SELECT id FROM ticket_events WHERE ticket_id = ${ticket.id} AND kind = 'DELETED'`)).toBe(1);
  });
});
