import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShiftableClock } from '../../lib/clock';
import type { MailTransport } from '../../mail/mailer';
import { createTestApp, type TestApp } from '../../test/app';
import { companyIdOf } from '../../test/builders';
import { DRIVERS } from '../../test/db';
import { claimDueCommunications } from './communications-queue.repository';
import { sendDueCommunications, SQUARE_MAIL_LEASE_SECONDS } from './communications.sender';
import { addOrderWithMails, communicationState } from '../../test/support/square-communications';

/**
 * The lease covers one send, never a batch (issue 41): a batch's later rounds get a fresh lease as
 * their sends start, and a row another run took once its lease ran out is left to that run.
 */
describe.each(DRIVERS)('square communications\' lease (%s)', (driver) => {
  let t: TestApp;
  const clock = new ShiftableClock();

  beforeAll(async () => {
    t = await createTestApp(driver, { build: { clock, mailTransport: null } });
  });
  afterAll(() => t.close());

  it('each round of a batch is sent under a lease from its own start; rows another run took meanwhile are not sent twice', async () => {
    const acme = await companyIdOf(t.db.db, 'ACME');
    const recipients = Array.from({ length: 20 }, (_, i) => `lease${String(i).padStart(2, '0')}@one.test`);
    const { communications: ids } = await addOrderWithMails(t.db.db, acme, recipients);
    const t0 = clock.now().getTime();
    const sent: string[] = [];
    let taken: string[] = [];
    const transport: MailTransport = {
      async sendMail(message) {
        const n = sent.push(message.to);
        expect((await communicationState(t.db.db, ids.get(message.to)!)).status).toBe('SENDING');
        // the rounds take their time (8 sends at once, 3 rounds: 8, 8, 4): the first 100 s
        if (n === 1) clock.advanceTo(new Date(t0 + 100_000));
        if (n === 9) {
          // the second round, 360 s after the claim: the claim's lease (300 s) has run out for the
          // rows of the third round, still waiting, and another instance takes two of them; the
          // second round's rows, under their own lease since the round started, are not taken
          clock.advanceTo(new Date(t0 + 360_000));
          const now = clock.now();
          taken = (await claimDueCommunications(t.db.db, now, new Date(now.getTime() + SQUARE_MAIL_LEASE_SECONDS * 1000), 50)).map((r) => r.recipient);
        }
        return { response: '250 OK' };
      },
    };
    const tries = await sendDueCommunications({ db: t.db.db, clock, transport, from: 'test@tessera.test', log: t.app.log }, undefined, 50);
    expect(taken).toEqual(recipients.slice(16, 20));
    expect(tries).toBe(16);
    expect([...sent].sort()).toEqual(recipients.slice(0, 16));
    for (const to of recipients) expect((await communicationState(t.db.db, ids.get(to)!)).status, to).toBe(taken.includes(to) ? 'SENDING' : 'SENT');
  });
});
