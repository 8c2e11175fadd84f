import type { SignInResponse } from '../../../domain/schemas/auth';
import type { AppContext } from '../../context';
import { IdentityError } from '../../lib/errors';
import { getDummyHash, verifyPassword } from '../../lib/passwords';
import { randomToken } from '../../lib/tokens';
import { countRecent, recordAudit } from '../audit/repository';
import { findUserByEmail } from '../account/repository';
import { ID_TOKEN_TTL_SECONDS, signIdToken } from './id-token-signer';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SignInInput {
  email?: unknown;
  password?: unknown;
  tenantId?: unknown;
}

/**
 * The built-in identity provider's password sign-in.
 * - Unknown e-mail, wrong password and pending-activation accounts (no password chosen yet) all
 *   answer INVALID_LOGIN_CREDENTIALS after the same Argon2 work, so answers do not reveal accounts.
 * - USER_DISABLED only after the right password, for the same reason.
 * - Failures are counted in audit_events per e-mail and per address: past the thresholds every
 *   attempt answers TOO_MANY_ATTEMPTS_TRY_LATER (without checking the password) until the window
 *   has passed. Throttled attempts are not counted, so the block lifts by itself.
 */
export async function signInWithPassword(ctx: AppContext, input: SignInInput, ip: string): Promise<SignInResponse> {
  const { config, db } = ctx;
  if (typeof input.email !== 'string' || input.email.trim() === '') throw new IdentityError('MISSING_EMAIL');
  const email = input.email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email) || email.length > 320) throw new IdentityError('INVALID_EMAIL');
  if (typeof input.password !== 'string' || input.password === '') throw new IdentityError('MISSING_PASSWORD');
  // A sign-in for another tenant is not possible here (Firebase would answer TENANT_ID_MISMATCH).
  if (input.tenantId !== config.identity.tenantId) throw new IdentityError('OPERATION_NOT_ALLOWED');

  const { windowSeconds, maxPerAccount, maxPerIp } = config.bruteForce;
  const [byAccount, byIp] = await Promise.all([
    countRecent(db, 'sign_in_failed', { subject: email }, windowSeconds),
    countRecent(db, 'sign_in_failed', { ip }, windowSeconds),
  ]);
  if (byAccount >= maxPerAccount || byIp >= maxPerIp) {
    await recordAudit(db, { kind: 'sign_in_throttled', subject: email, ip });
    throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER');
  }

  const user = await findUserByEmail(db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password.slice(0, 1024));
  if (!user || !passwordOk || !user.passwordHash || user.status === 'PENDING_ACTIVATION') {
    await recordAudit(db, { kind: 'sign_in_failed', subject: email, ip, actorUserId: user?.id ?? null });
    throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
  }
  if (user.status !== 'ACTIVE') {
    await recordAudit(db, { kind: 'sign_in_failed', subject: email, ip, actorUserId: user.id, details: { reason: 'disabled' } });
    throw new IdentityError('USER_DISABLED');
  }
  const idToken = await signIdToken(config.identity, ctx.keys, user);
  return {
    idToken,
    email: user.email,
    localId: user.id,
    // Identity Toolkit answers a refresh token too; Tessera sessions use the API's refresh tokens,
    // so this one is random and not accepted anywhere.
    refreshToken: randomToken(),
    expiresIn: String(ID_TOKEN_TTL_SECONDS),
    registered: true,
  };
}
