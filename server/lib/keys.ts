import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair, importPKCS8, type JWK } from 'jose';
import type { AppConfig } from '../config';

export const ID_TOKEN_ALG = 'ES256';

export interface KeyMaterial {
  /** built-in identity provider signing key (ES256) and its public JWK (with kid) */
  identityPrivateKey: CryptoKey;
  identityPublicJwk: JWK & { kid: string };
  /** HS256 secret of API access tokens */
  accessTokenSecret: Uint8Array;
}

function keysDir(config: AppConfig): string {
  const dir = path.join(config.dataDir, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

async function identityPem(config: AppConfig): Promise<string> {
  if (config.identity.privateKeyPem) return config.identity.privateKeyPem;
  const file = path.join(keysDir(config), 'identity-es256.pem');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const { privateKey } = await generateKeyPair(ID_TOKEN_ALG, { extractable: true });
  const pem = await exportPKCS8(privateKey);
  writeFileSync(file, pem, { mode: 0o600 });
  return pem;
}

function accessSecret(config: AppConfig): string {
  if (config.accessTokenSecret) return config.accessTokenSecret;
  const file = path.join(keysDir(config), 'access-token.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  // One instance only: several instances must be given the same ACCESS_TOKEN_SECRET instead.
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Loads configured keys, or the ones generated into DATA_DIR/keys on first start. */
export async function loadKeys(config: AppConfig): Promise<KeyMaterial> {
  const identityPrivateKey = await importPKCS8(await identityPem(config), ID_TOKEN_ALG, { extractable: true });
  const full = await exportJWK(identityPrivateKey);
  const publicJwk: JWK = { kty: full.kty, crv: full.crv, x: full.x, y: full.y };
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    identityPrivateKey,
    identityPublicJwk: { ...publicJwk, kid, alg: ID_TOKEN_ALG, use: 'sig' },
    accessTokenSecret: new TextEncoder().encode(accessSecret(config)),
  };
}
