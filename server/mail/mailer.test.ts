import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, jobs } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { DRIVERS } from '../test/db';
import { EMAIL_SEND_JOB, queueEmail, type MailTransport } from './mailer';
import { EMAIL_TEMPLATES, loadCatalog, renderEmail } from './templates';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)).sort();
}

describe('e-mail templates', () => {
  it('have identical keys in it and en, with every template present', () => {
    expect(keys(loadCatalog('en'))).toEqual(keys(loadCatalog('it')));
    for (const template of EMAIL_TEMPLATES) expect(loadCatalog('it')[template].subject).toBeTruthy();
  });

  it('render the link, escape HTML and fall back to Italian', () => {
    const mail = renderEmail('reset', 'de', { firstName: '<b>Eve</b>', link: 'https://x.test/forgot-password?t=a&b', hours: '1' });
    expect(mail.language).toBe('it');
    expect(mail.text).toContain('https://x.test/forgot-password?t=a&b');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).toContain('<a href="https://x.test/forgot-password?t=a&amp;b">');
  });
});

describe.each(DRIVERS)('e-mail delivery over SMTP (%s)', (driver) => {
  let t: TestApp;
  const sent: Array<{ to: string; subject: string; text: string }> = [];
  let failuresLeft = 1;
  const transport: MailTransport = {
    async sendMail(message) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('421 try again later');
      }
      sent.push(message);
      return {};
    },
  };
  beforeAll(async () => {
    t = await createTestApp(driver, { build: { mailTransport: transport } });
  });
  afterAll(() => t.close());

  it('writes the outbox row and its job together, retries a failed send and marks it sent', async () => {
    const id = await t.db.db.transaction((tx) =>
      queueEmail(tx, { to: 'someone@acme.test', template: 'activation', language: 'en', params: { firstName: 'Sam', link: 'http://l/x', hours: '168' } }),
    );
    const [job] = await t.db.db.select().from(jobs).where(eq(jobs.name, EMAIL_SEND_JOB));
    expect(job.payload).toEqual({ outboxId: id });

    await t.app.ctx.jobs.drain();
    let [row] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: '421 try again later' });
    expect(sent).toHaveLength(0);

    // The retry is scheduled with backoff: make it due now.
    await t.db.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, job.id));
    await t.app.ctx.jobs.drain();
    [row] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(sent).toEqual([expect.objectContaining({ to: 'someone@acme.test', subject: 'Activate your Tessera account' })]);
    expect(sent[0].text).toContain('http://l/x');
  });
});
