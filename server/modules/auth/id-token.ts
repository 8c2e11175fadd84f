import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { IdentityConfig } from '../../config';
import { ID_TOKEN_ALG, type KeyMaterial } from '../../lib/key-material';

export interface VerifiedIdentity {
  /** user id (built-in provider: `sub` is our user id) */
  userId: string | null;
  email: string | null;
}

export type IdTokenVerifier = (token: string) => Promise<VerifiedIdentity>;

/**
 * Verifies a Firebase-style idToken: signature against the provider's public keys only, an
 * asymmetric algorithm allow-list (so `none` and HS256-signed-with-the-public-key are refused),
 * issuer, audience, expiry and the tenant claim. Throws on any failure.
 */
export function createIdTokenVerifier(identity: IdentityConfig, keys: KeyMaterial): IdTokenVerifier {
  const external = identity.provider === 'external';
  const keySet: JWTVerifyGetKey = external
    ? createRemoteJWKSet(new URL(identity.jwksUrl ?? ''))
    : createLocalJWKSet({ keys: [keys.identityPublicJwk] });
  const algorithms = external ? ['RS256', 'ES256'] : [ID_TOKEN_ALG];
  return async (token) => {
    const { payload } = await jwtVerify(token, keySet, {
      algorithms,
      issuer: identity.issuer,
      audience: identity.audience,
      requiredClaims: ['exp', 'iat', 'sub'],
      clockTolerance: 5,
    });
    if (tenantOf(payload) !== identity.tenantId) throw new Error('wrong tenant');
    const email = typeof payload.email === 'string' ? payload.email : null;
    return { userId: external ? null : (payload.sub ?? null), email };
  };
}

function tenantOf(payload: JWTPayload): unknown {
  const firebase = payload.firebase as { tenant?: unknown } | undefined;
  return firebase?.tenant;
}
