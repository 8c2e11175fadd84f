import { SignJWT } from 'jose';
import type { IdentityConfig } from '../../config';
import { ID_TOKEN_ALG, type KeyMaterial } from '../../lib/key-material';

export const ID_TOKEN_TTL_SECONDS = 3600;

/** A Firebase-shaped idToken: `firebase.tenant` carries the tenant, `sub` is the user id. */
export function signIdToken(
  identity: IdentityConfig,
  keys: KeyMaterial,
  user: { id: string; email: string },
): Promise<string> {
  return new SignJWT({
    email: user.email,
    email_verified: true,
    firebase: { tenant: identity.tenantId, sign_in_provider: 'password', identities: { email: [user.email] } },
  })
    .setProtectedHeader({ alg: ID_TOKEN_ALG, kid: keys.identityPublicJwk.kid, typ: 'JWT' })
    .setIssuer(identity.issuer)
    .setAudience(identity.audience)
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(`${ID_TOKEN_TTL_SECONDS}s`)
    .sign(keys.identityPrivateKey);
}
