import { describe, expect, it } from 'vitest';
import * as native from './passwords';
import * as wasm from './passwords.wasm';

/** The demo's WebAssembly argon2id must read the server's hashes (the demo's data is seeded by the server) and write ones the server reads. */
describe('password hashing on both hosts', () => {
  it.each([
    ['native → wasm', native, wasm],
    ['wasm → native', wasm, native],
  ])('%s: a hash verifies its password and refuses another', async (_, writer, reader) => {
    const hash = await writer.hashPassword('Tessera-Demo-2026!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await reader.verifyPassword(hash, 'Tessera-Demo-2026!')).toBe(true);
    expect(await reader.verifyPassword(hash, 'Tessera-Demo-2026?')).toBe(false);
  });

  it.each([['native', native], ['wasm', wasm]])('%s: an unreadable hash is a refusal, not an error', async (_, host) => {
    expect(await host.verifyPassword('not-a-hash', 'x')).toBe(false);
    // the dummy hash is a readable argon2id hash of the same cost, and no password opens it
    const dummy = await host.getDummyHash();
    expect(dummy).toBe(await host.getDummyHash());
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await native.verifyPassword(dummy, '')).toBe(false);
  });
});
