import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { A11Y_LOG } from './a11y';

/** Starts the SMTP capture server: every message lands as a file in E2E_MAILBOX. */
export default async function globalSetup() {
  // the accessibility report of this run only
  rmSync(A11Y_LOG, { force: true });
  const mailbox = process.env.E2E_MAILBOX!;
  mkdirSync(mailbox, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
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
