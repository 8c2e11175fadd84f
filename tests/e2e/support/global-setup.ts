import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { A11Y_LOG } from './a11y';

/**
 * Starts the SMTP capture server: every message lands as a file in E2E_MAILBOX. Recipients whose
 * address starts with `refuse` are refused for good (550), with `busy` refused once for now (451).
 */
export default async function globalSetup() {
  // the accessibility report of this run only
  rmSync(A11Y_LOG, { force: true });
  const mailbox = process.env.E2E_MAILBOX!;
  mkdirSync(mailbox, { recursive: true });
  let count = 0;
  // mail servers as recipients meet them (square communications): a mailbox that does not exist
  // refuses for good; a busy one refuses for now, once, then accepts
  const busyRefused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (to.startsWith('refuse')) return callback(Object.assign(new Error('5.1.1 User unknown'), { responseCode: 550 }));
      if (to.startsWith('busy') && !busyRefused.has(to)) {
        busyRefused.add(to);
        return callback(Object.assign(new Error('4.2.1 Mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        count += 1;
        writeFileSync(join(mailbox, `${Date.now()}-${count}.json`), JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
