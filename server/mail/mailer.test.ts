import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, jobs } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { DRIVERS } from '../test/db';
import { EMAIL_SEND_JOB, loggableMailError, queueEmail, type MailTransport } from './mailer';
import { LANGUAGES } from '../../domain/constants';
import { EMAIL_LANGUAGES, EMAIL_TEMPLATES, loadCatalog, renderEmail } from './templates';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)).sort();
}

describe('e-mail templates', () => {
  it('have identical keys in every language, with every template present', () => {
    expect([...EMAIL_LANGUAGES]).toEqual([...LANGUAGES]);
    for (const language of LANGUAGES) {
      expect(keys(loadCatalog(language)), language).toEqual(keys(loadCatalog('it')));
      for (const template of EMAIL_TEMPLATES) expect(loadCatalog(language)[template].subject, `${language} ${template}`).toBeTruthy();
    }
  });

  it.each([
    ['es', 'Active su cuenta de Tessera', 'Remesa de recargas RL-7 completada', 'se ha completado: 1.200 tarjetas recargadas por un total'],
    ['fr', 'Activez votre compte Tessera', 'Lot de rechargements RL-7 terminé', 'est terminé\u00a0: 1\u202f200 cartes rechargées pour un total'],
    ['de', 'Aktivieren Sie Ihr Tessera-Konto', 'Sammelaufladung RL-7 abgeschlossen', 'ist abgeschlossen: 1.200 Karten aufgeladen, Gesamtbetrag'],
  ])('go out in the user\'s language: %s (subject, counts in its plural form and number format)', (language, activation, runDone, credited) => {
    const mail = renderEmail('activation', language, { firstName: 'Eve', link: 'http://l/x', hours: 24 });
    expect(mail.language).toBe(language);
    expect(mail.subject).toBe(activation);
    const done = renderEmail('reloadRunDone', language, { number: 'RL-7', company: 'Acme', credited: 1200, total: '1,00 €' });
    expect(done.subject).toBe(runDone);
    expect(done.text).toContain(credited);
  });

  it('render the link, escape HTML and fall back to Italian for a language outside the choice', () => {
    const mail = renderEmail('reset', 'pt', { firstName: '<b>Eve</b>', link: 'https://x.test/forgot-password?t=a&b', hours: 1 });
    expect(mail.language).toBe('it');
    expect(mail.text).toContain('https://x.test/forgot-password?t=a&b');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).toContain('<a href="https://x.test/forgot-password?t=a&amp;b">');
  });

  it('write each count with its plural form and in the language\'s number format (issue 14: "1 righe")', () => {
    const failed = (language: string, refused: number, rows: number) =>
      renderEmail('reloadRunFailed', language, { number: 'RL-000042', company: 'Acme', refused, rows, credited: rows - refused, total: '10,00 €' }).text;
    expect(failed('it', 1, 3)).toContain('Acme, 1 riga su 3 non è stata eseguita (la carta');
    expect(failed('it', 2, 1500)).toContain('2 righe su 1.500 non sono state eseguite');
    expect(failed('it', 2, 1500)).toContain('In tutto: 1.498 carte ricaricate, per un totale di');
    expect(failed('en', 1, 3)).toContain('1 row of 3 was not run');
    expect(failed('en', 2, 3)).toContain('2 rows of 3 were not run');
    const done = (language: string, credited: number) => renderEmail('reloadRunDone', language, { number: 'RL-1', company: 'Acme', credited, total: '1,00 €' }).text;
    expect(done('it', 1)).toContain('completato: 1 carta ricaricata per un totale');
    expect(done('it', 1200)).toContain('completato: 1.200 carte ricaricate per un totale');
    expect(done('en', 1)).toContain('completed: 1 card reloaded for a total');
    const link = (language: string, hours: number) => renderEmail('activation', language, { firstName: 'Eve', link: 'http://l/x', hours }).text;
    expect(link('it', 1)).toContain('valido per 1 ora e');
    expect(link('en', 1)).toContain('valid for 1 hour and');
    // issue 43: a lifetime of whole days is said in days ("7 giorni", not "168 ore"), in every language
    expect(link('it', 168)).toContain('valido per 7 giorni e');
    expect(link('en', 168)).toContain('valid for 7 days and');
    expect(link('es', 168)).toContain('válido durante 7 días y');
    expect(link('fr', 168)).toContain('valable 7 jours et');
    expect(link('de', 168)).toContain('Der Link ist gültig für 7 Tage und');
    expect(link('it', 24)).toContain('valido per 1 giorno e');
    expect(link('it', 36)).toContain('valido per 36 ore e');
    // the reset (1 hour) and the e-mail change (48 hours) links by the same rule
    expect(renderEmail('reset', 'it', { firstName: 'Eve', link: 'http://l/x', hours: 1 }).text).toContain('valido per 1 ora e');
    expect(renderEmail('emailChange', 'en', { firstName: 'Eve', link: 'http://l/x', hours: 48 }).text).toContain('within 2 days:');
    expect(renderEmail('emailChange', 'de', { firstName: 'Eve', link: 'http://l/x', hours: 48 }).text).toContain('(gültig für 2 Tage)');
    expect(renderEmail('reloadMonthlyStatement', 'it', { company: 'Acme', month: 'ottobre 2026', opening: '', in: '', out: '', closing: '', movements: 12345 }).text).toContain('Movimenti: 12.345');
  });

  it('refuse a count given as text: no plural form could be chosen', () => {
    expect(() => renderEmail('reloadRunDone', 'it', { number: 'RL-1', company: 'Acme', credited: '3', total: '1,00 €' })).toThrow(/credited is a count/);
  });

  it('every count of every e-mail has its forms in every language (the locale test reads the same rule)', () => {
    for (const language of LANGUAGES) {
      const catalog = loadCatalog(language) as unknown as Record<string, Record<string, string>>;
      for (const [template, texts] of Object.entries(catalog)) {
        for (const key of Object.keys(texts).filter((k) => k.endsWith('_one'))) {
          const name = key.slice(0, -4);
          expect(texts[`${name}_other`], `${language} ${template}.${name}_other`).toBeTruthy();
          // `days` forms say a link's `{{hours}}` when they are whole days (templates.ts wholeDays)
          const placeholder = name === 'days' ? 'hours' : name;
          expect(`${texts.subject}${texts.text}`, `${language} ${template} uses {{${placeholder}}}`).toContain(`{{${placeholder}}}`);
          if (name === 'days') expect(texts.hours_other, `${language} ${template}.hours_other beside days`).toBeTruthy();
        }
      }
    }
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
      queueEmail(tx, { to: 'someone@acme.test', template: 'activation', language: 'en', params: { firstName: 'Sam', link: 'http://l/x', hours: 168 } }),
    );
    const [job] = await t.db.db.select().from(jobs).where(eq(jobs.name, EMAIL_SEND_JOB));
    expect(job.payload).toEqual({ outboxId: id });

    await t.app.ctx.jobs.drain();
    let [row] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'retrying', attempts: 1, lastError: '421 try again later' });
    expect(sent).toHaveLength(0);

    // The retry is scheduled with backoff: make it due now.
    await t.db.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, job.id));
    await t.app.ctx.jobs.drain();
    [row] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(sent).toEqual([expect.objectContaining({ to: 'someone@acme.test', subject: 'Activate your Tessera account' })]);
    expect(sent[0].text).toContain('http://l/x');
  });

  it('a refused send (550) fails the e-mail at once without a retry: the row keeps the server\'s answer, the log the error with addresses replaced', async () => {
    const rejected = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <rejected.person@acme.test>: no such user"), {
      code: 'EENVELOPE',
      command: 'RCPT TO',
      responseCode: 550,
      rejected: ['rejected.person@acme.test'],
      envelope: { from: 'noreply@tessera.test', to: ['rejected.person@acme.test'] },
    });
    const failing: MailTransport = {
      async sendMail() {
        throw rejected;
      },
    };
    const f = await createTestApp(driver, { build: { mailTransport: failing } });
    try {
      const id = await queueEmail(f.db.db, { to: 'rejected.person@acme.test', template: 'activation', language: 'en', params: { firstName: 'Rita', link: 'http://l/y', hours: 1 } });
      await f.app.ctx.jobs.drain();
      const [row] = await f.db.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row.lastError).toContain('rejected.person@acme.test');
      const [job] = await f.db.db.select().from(jobs).where(eq(jobs.name, EMAIL_SEND_JOB));
      expect(job).toMatchObject({ status: 'done', attempts: 1 });
      const failed = f.logs.find((line) => line.outboxId === id);
      expect(failed).toMatchObject({ level: 40, msg: 'e-mail failed for good: refused by the mail server' });
      expect(failed?.err).toMatchObject({ type: 'MailError', code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550 });
      expect(String((failed?.err as { message?: unknown }).message)).toContain('<[address]>');
      expect(f.rawLogs.join('')).not.toContain('rejected.person');
      expect(loggableMailError(rejected).message).toBe("Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: no such user");
    } finally {
      await f.close();
    }
  });
});
