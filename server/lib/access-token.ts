import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'tessera-api';
const AUDIENCE = 'tessera-api';

export interface AccessClaims {
  userId: string;
  /** refresh-token family id: identifies the session */
  sessionId: string;
}

/** Short-lived HS256 API access token; `sid` lets the server tell the caller's session from others. */
export function signAccessToken(secret: Uint8Array, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

/** Throws (jose errors) unless the token is a valid, unexpired access token of this server. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims> {
  const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
  if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
    throw new Error('not an access token');
  }
  return { userId: payload.sub, sessionId: payload.sid };
}
