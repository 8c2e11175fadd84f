import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { SQUARE_MAIL_LEASE_SECONDS } from '../modules/square/communications.sender';
import { smtpFailure } from './mailer';
import { createTransport, SEND_TIMEOUT_CEILING_MS, sendTimeoutMs } from './smtp';

describe('the SMTP transport\'s timeouts (issue 41)', () => {
  it('a square code\'s lease outlasts one send: the socket timeout and a send\'s worst case are below SQUARE_MAIL_LEASE_SECONDS (read from the code)', () => {
    const lease = SQUARE_MAIL_LEASE_SECONDS * 1000;
    const defaults = loadConfig({}).smtp;
    expect(defaults).toEqual({ connectionTimeoutMs: 10_000, greetingTimeoutMs: 10_000, socketTimeoutMs: 60_000, retryHours: 48 });
    expect(defaults.socketTimeoutMs).toBeLessThan(lease);
    expect(sendTimeoutMs(defaults)).toBe(140_000);
    expect(sendTimeoutMs(defaults)).toBeLessThan(lease);
    // whatever SMTP_*_TIMEOUT_SECONDS say, a send is given up before the lease runs out
    const huge = loadConfig({ SMTP_CONNECTION_TIMEOUT_SECONDS: '600', SMTP_GREETING_TIMEOUT_SECONDS: '600', SMTP_SOCKET_TIMEOUT_SECONDS: '3600' }).smtp;
    expect(sendTimeoutMs(huge)).toBe(SEND_TIMEOUT_CEILING_MS);
    expect(SEND_TIMEOUT_CEILING_MS).toBeLessThan(lease);
  });

  it('gives a send up after sendTimeoutMs even when the server trickles its answers (no socket timeout notices), saying so', async () => {
    // a server that greets, then answers EHLO one byte at a time, never finishing the line
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.write('220 trickle.test ESMTP\r\n');
      socket.once('data', () => {
        const drip = setInterval(() => (socket.destroyed ? clearInterval(drip) : socket.write('2')), 200);
        socket.on('close', () => clearInterval(drip));
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    const smtp = { connectionTimeoutMs: 500, greetingTimeoutMs: 500, socketTimeoutMs: 1000, retryHours: 48 };
    const transport = createTransport(`smtp://127.0.0.1:${port}?pool=false`, smtp)!;
    const started = Date.now();
    try {
      const err = await transport.sendMail({ from: 'a@tessera.test', to: 'b@tessera.test', subject: 's', text: 't' }).then(
        () => null,
        (e: unknown) => e,
      );
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(sendTimeoutMs(smtp) - 100);
      expect(took).toBeLessThan(sendTimeoutMs(smtp) + 1500);
      expect(err).toMatchObject({ code: 'ETIMEDOUT', message: 'Timeout: the send did not end within 3 s (the mail server answers too slowly); given up' });
      expect(smtpFailure(err)).toEqual({ kind: 'temporary', answer: 'Timeout: the send did not end within 3 s (the mail server answers too slowly); given up' });
      // the connection was closed with it
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect([...sockets].every((s) => s.destroyed)).toBe(true);
    } finally {
      transport.close?.();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
