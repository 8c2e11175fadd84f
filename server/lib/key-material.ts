import { calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair, importPKCS8, type JWK } from 'jose';
import { base64Url, randomBytes } from './tokens';

export const ID_TOKEN_ALG = 'ES256';

export interface KeyMaterial {
  /** built-in identity provider signing key (ES256) and its public JWK (with kid) */
  identityPrivateKey: CryptoKey;
  identityPublicJwk: JWK & { kid: string };
  /** HS256 secret of API access tokens */
  accessTokenSecret: Uint8Array;
}

/** A new ES256 private key, as PKCS#8 PEM. */
export async function newIdentityPem(): Promise<string> {
  const { privateKey } = await generateKeyPair(ID_TOKEN_ALG, { extractable: true });
  return exportPKCS8(privateKey);
}

/** A new access-token secret: 384 random bits, URL-safe. */
export const newAccessSecret = (): string => base64Url(randomBytes(48));

/** The keys the API signs with, from the identity key's PEM and the access-token secret. */
export async function keyMaterialOf(identityPem: string, accessSecret: string): Promise<KeyMaterial> {
  const identityPrivateKey = await importPKCS8(identityPem, ID_TOKEN_ALG, { extractable: true });
  const full = await exportJWK(identityPrivateKey);
  const publicJwk: JWK = { kty: full.kty, crv: full.crv, x: full.x, y: full.y };
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    identityPrivateKey,
    identityPublicJwk: { ...publicJwk, kid, alg: ID_TOKEN_ALG, use: 'sig' },
    accessTokenSecret: new TextEncoder().encode(accessSecret),
  };
}

/** Keys that live as long as the host (the demo's, in the browser): nothing to share with another instance. */
export async function ephemeralKeyMaterial(): Promise<KeyMaterial> {
  return keyMaterialOf(await newIdentityPem(), newAccessSecret());
}
