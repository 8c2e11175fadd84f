import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AppConfig } from '../config';
import { keyMaterialOf, newAccessSecret, newIdentityPem, type KeyMaterial } from './key-material';

export { ID_TOKEN_ALG, type KeyMaterial } from './key-material';

function keysDir(config: AppConfig): string {
  const dir = path.join(config.dataDir, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/**
 * Reads `file`, or creates it with `make()`. Creation is a hard link of a complete temporary
 * file, so processes starting together on one DATA_DIR all end up with the same content.
 */
async function readOrCreate(file: string, make: () => Promise<string>): Promise<string> {
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, await make(), { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(temp);
  }
  return readFileSync(file, 'utf8');
}

async function identityPem(config: AppConfig): Promise<string> {
  if (config.identity.privateKeyPem) return config.identity.privateKeyPem;
  return readOrCreate(path.join(keysDir(config), 'identity-es256.pem'), newIdentityPem);
}

/**
 * Generated secrets only work for instances sharing DATA_DIR; instances on different machines
 * must all be given the same ACCESS_TOKEN_SECRET (and IDENTITY_PRIVATE_KEY).
 */
async function accessSecret(config: AppConfig): Promise<string> {
  if (config.accessTokenSecret) return config.accessTokenSecret;
  const secret = await readOrCreate(path.join(keysDir(config), 'access-token.secret'), async () => newAccessSecret());
  return secret.trim();
}

/** Loads configured keys, or the ones generated into DATA_DIR/keys on first start. */
export async function loadKeys(config: AppConfig): Promise<KeyMaterial> {
  return keyMaterialOf(await identityPem(config), await accessSecret(config));
}
