import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

interface Captured {
  to: string[];
  raw: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function messagesTo(address: string): string[] {
  const dir = process.env.E2E_MAILBOX!;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Captured)
    .filter((message) => message.to.includes(address.toLowerCase()))
    .map((message) => decodeQuotedPrintable(message.raw));
}

/** Waits for the next e-mail to `address` after `seen` earlier ones and returns its first link matching `pattern`. */
export async function waitForLink(address: string, pattern: RegExp, seen = 0): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const messages = messagesTo(address).slice(seen);
        const match = messages.map((m) => m.match(pattern)).find(Boolean);
        link = match ? match[0] : '';
        return link;
      },
      { timeout: 30_000, message: `an e-mail to ${address} with a link` },
    )
    .not.toBe('');
  return link;
}

export function countMessagesTo(address: string): number {
  return messagesTo(address).length;
}
