import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'tessera-api';
const AUDIENCE = 'tessera-api';

export interface AccessClaims {
  userId: string;
  /** refresh-token family id: identifies the session */
  sessionId: string;
}

/**
 * The secret as an HMAC key, imported once per secret: jose would import a raw secret again on
 * every call, a WebCrypto job (a thread-pool hop in Node) in front of every request's check.
 */
const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) hmacKeys.set(secret, (key = crypto.subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])));
  return key;
}

/** Short-lived HS256 API access token; `sid` lets the server tell the caller's session from others. */
export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(await hmacKey(secret));
}

/** Throws (jose errors) unless the token is a valid, unexpired access token of this server. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims> {
  const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
  if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
    throw new Error('not an access token');
  }
  return { userId: payload.sub, sessionId: payload.sid };
}
