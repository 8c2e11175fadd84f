import { chargeRecipient, workLimitsOf } from '../../lib/work-limits';
import type { UserConfiguration } from '../../../domain/schemas/auth';
import type { Language } from '../../../domain/constants';
import { phonePair, type profileSchema } from '../../../domain/schemas/users';
import type { z } from 'zod';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { permissionsSchema } from '../../../domain/permissions';
import type { AppContext, AuthState } from '../../context';
import type { UserRow } from '../../db/schema';
import type { OneTimeTokenKind } from '../../db/schema';
import type { Db } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { randomToken, sha256 } from '../../lib/tokens';
import { enqueue } from '../../jobs/queue';
import type { JobRegistry } from '../../jobs/registry';
import { queueEmail } from '../../mail/mailer';
import { recordAudit } from '../audit/repository';
import { revokeUserTokens } from '../../lib/refresh-tokens.repository';
import * as repo from './repository';

/** One account per e-mail (any case): companies (referents) and operators answer the same conflict. */
export const emailExists = () => new ApiError(409, 'EMAIL_EXISTS', 'Another account already uses this e-mail', { email: 'validation.emailExists' });

/** Runs `work`; an e-mail taken meanwhile (the unique index on lower(email)) answers `emailExists` too. */
export async function uniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw emailExists();
    throw error;
  }
}

const LINK_PATHS: Record<OneTimeTokenKind, string> = {
  reset: '/forgot-password',
  activation: '/user-account-activation',
  emailChange: '/confirm-email',
};

export function userConfiguration(auth: AuthState): UserConfiguration {
  const { user, company } = auth;
  const parsed = permissionsSchema.safeParse(user.permissions);
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      phoneCountry: user.phoneCountry,
      role: user.role,
      language: user.language,
      status: user.status,
      address: user.address,
      city: user.city,
      state: user.state,
      zip: user.zip,
      country: user.country,
      pendingEmail: user.pendingEmail,
      isReferent: company.referentUserId === user.id,
    },
    company: { id: company.id, name: company.name, parentId: company.parentId, isProvider: company.isProvider },
    // A malformed stored object grants nothing rather than failing the whole shell.
    permissions: parsed.success ? parsed.data : {},
  };
}

/** Creates a one-time link token and queues its e-mail, all with the caller's executor. */
async function issueLink(ctx: AppContext, db: Db, user: UserRow, kind: OneTimeTokenKind): Promise<void> {
  const token = randomToken();
  const ttl = ctx.config.oneTimeTokenTtlSeconds[kind];
  await repo.invalidateOneTimeTokens(db, user.id, kind);
  await repo.insertOneTimeToken(db, { kind, tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + ttl * 1000) });
  // an e-mail change is confirmed from the new address
  const to = kind === 'emailChange' ? user.pendingEmail : user.email;
  if (!to) throw new Error('an e-mail change link needs a pending e-mail');
  // a link goes to an address someone typed: one inbox takes so many (lib/work-limits.ts), 429 past it
  await chargeRecipient(db, to);
  await queueEmail(db, {
    to,
    template: kind,
    language: user.language,
    params: {
      firstName: user.firstName,
      link: `${ctx.config.publicUrl}${LINK_PATHS[kind]}?t=${encodeURIComponent(token)}`,
      hours: Math.round(ttl / 3600),
    },
  });
}

/**
 * The user's sign-in e-mail changed (or is changing at once): every link mailed before it (password
 * reset, activation, e-mail change) stops working, so whoever reads the old mailbox cannot use one.
 * Call with the transaction that changes the e-mail, before issuing any new link.
 */
export function endLinksOfOldEmail(db: Db, userId: string): Promise<void> {
  return repo.invalidateAllOneTimeTokens(db, userId);
}

/**
 * The activation link of a new pending user, written with the caller's transaction so the user,
 * its token and its e-mail commit together (registry: referents and operators). Call
 * `ctx.jobs.wake()` after the commit.
 */
export function issueActivationLink(ctx: AppContext, db: Db, user: UserRow): Promise<void> {
  return issueLink(ctx, db, user, 'activation');
}

/**
 * The confirmation link of an e-mail change, sent to `user.pendingEmail` with the caller's
 * executor (user management and the profile). Call `ctx.jobs.wake()` after the commit.
 */
export function issueEmailChangeLink(ctx: AppContext, db: Db, user: UserRow): Promise<void> {
  return issueLink(ctx, db, user, 'emailChange');
}

export const FORGOT_PASSWORD_JOB = 'user.forgot-password';

/**
 * Always the same work for the caller, whether or not the e-mail belongs to an account: one audit
 * row and one job. The job decides (so neither the answer nor its timing tells accounts apart).
 */
export async function forgotPassword(ctx: AppContext, email: string, ip: string): Promise<void> {
  const subject = email.trim().toLowerCase();
  await ctx.db.transaction(async (tx) => {
    await recordAudit(tx, { kind: 'password_reset_requested', subject, ip });
    await enqueue(tx, FORGOT_PASSWORD_JOB, { email: subject }, { maxAttempts: 3 });
  });
  ctx.jobs.wake();
}

/** Only an active account gets a reset link (a pending one needs its activation link, a disabled one nothing). */
export function registerUserJobs(ctx: AppContext, registry: JobRegistry): void {
  registry.register(FORGOT_PASSWORD_JOB, async (payload) => {
    const { email } = payload as { email: string };
    const user = await repo.findUserByEmail(ctx.db, email);
    if (!user || user.status !== 'ACTIVE') return;
    await ctx.db.transaction(async (tx) => {
      // one inbox gets so many resets, however many addresses ask (lib/work-limits.ts); past it none
      // is sent, and the answer the caller got long ago said nothing either way
      if (!(await chargeRecipient(tx, user.email, { always: true, quiet: true, limits: workLimitsOf(ctx.config) }))) return;
      await issueLink(ctx, tx, user, 'reset');
    });
    ctx.jobs.wake();
  });
}

/** For user management (later issues) and tests: a pending user gets an activation link. */
export async function sendActivation(ctx: AppContext, user: UserRow): Promise<void> {
  if (user.status !== 'PENDING_ACTIVATION') throw new ApiError(409, 'CONFLICT', 'The account is already active or disabled');
  await ctx.db.transaction((tx) => issueLink(ctx, tx, user, 'activation'));
  ctx.jobs.wake();
}

/**
 * Consumes a link token and sets the password. Unknown or used → INVALID_OOB_CODE, expired →
 * EXPIRED_OOB_CODE. Every session of the user ends: whoever had the old password is out.
 */
export async function completeLink(ctx: AppContext, kind: OneTimeTokenKind, token: string, password: string, ip: string) {
  const passwordHash = await hashPassword(password);
  const error = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockOneTimeToken(tx, kind, sha256(token));
    if (!row || row.usedAt) return 'INVALID_OOB_CODE' as const;
    if (row.expiresAt.getTime() <= Date.now()) return 'EXPIRED_OOB_CODE' as const;
    const user = await repo.findUserById(tx, row.userId);
    const expected = kind === 'activation' ? 'PENDING_ACTIVATION' : 'ACTIVE';
    if (!user || user.status !== expected) return 'INVALID_OOB_CODE' as const;
    await repo.markOneTimeTokenUsed(tx, row.id);
    await repo.setPassword(tx, user.id, passwordHash, kind === 'activation');
    await revokeUserTokens(tx, user.id);
    const auditKind = kind === 'activation' ? 'account_activated' : 'password_reset';
    await recordAudit(tx, { kind: auditKind, actorUserId: user.id, subject: user.email.toLowerCase(), ip });
    return null;
  });
  if (error) throw new ApiError(400, error, error === 'EXPIRED_OOB_CODE' ? 'The link has expired' : 'The link is not valid');
}

/**
 * Changes the caller's password. Wrong current password answers 400 WRONG_PASSWORD (not 401: the
 * SPA would take a 401 for an expired session). Other sessions end; the caller's stays.
 */
export async function changePassword(ctx: AppContext, auth: AuthState, oldPassword: string, newPassword: string, ip: string) {
  const { user } = auth;
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, oldPassword))) {
    throw new ApiError(400, 'WRONG_PASSWORD', 'The current password is wrong');
  }
  if (oldPassword === newPassword) {
    throw new ApiError(400, 'PASSWORD_REUSED', 'The new password must differ from the current one');
  }
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await repo.setPassword(tx, user.id, passwordHash, false);
    await revokeUserTokens(tx, user.id, auth.sessionId);
    await recordAudit(tx, { kind: 'password_changed', actorUserId: user.id, subject: user.email.toLowerCase(), ip });
  });
}

/**
 * The caller's own data (SPEC §3 profile), no flag needed. A new e-mail goes pending and its
 * confirmation link to the new address: the account signs in (and resets its password) with the
 * old one until the link is used. Answers the configuration as it now is.
 */
export async function updateProfile(ctx: AppContext, auth: AuthState, body: z.output<typeof profileSchema>): Promise<UserConfiguration> {
  const { user } = auth;
  const email = body.email.trim();
  const emailChanged = email.toLowerCase() !== user.email.toLowerCase();
  await ctx.db.transaction(async (tx) => {
    const values: repo.ProfileValues = {
      firstName: body.firstName,
      lastName: body.lastName,
      // the user's phone rule (issue 43): both or neither, as the user form stores them
      ...phonePair(body),
      address: body.address ?? null,
      city: body.city ?? null,
      state: body.state ?? null,
      zip: body.zip ?? null,
      country: body.country ?? null,
    };
    if (!emailChanged) {
      values.pendingEmail = null;
    } else if (email.toLowerCase() !== user.pendingEmail?.toLowerCase()) {
      if (await repo.emailInUse(tx, email, user.id)) throw emailExists();
      values.pendingEmail = email;
    }
    const updated = await repo.updateProfile(tx, user.id, values);
    if (emailChanged && values.pendingEmail) await issueEmailChangeLink(ctx, tx, updated);
  });
  ctx.jobs.wake();
  const fresh = await repo.findUserWithCompany(ctx.db, user.id);
  return userConfiguration({ ...auth, user: fresh.user, company: fresh.company });
}

/** The caller's language: the SPA's texts and every later e-mail and CSV file (all five have texts). */
export async function setLanguage(ctx: AppContext, auth: AuthState, language: Language): Promise<void> {
  await repo.setLanguage(ctx.db, auth.user.id, language);
}

/**
 * Consumes an e-mail change link: the pending e-mail becomes the sign-in e-mail, and every other
 * link of the user still outstanding (a password reset or activation mailed to the old address)
 * stops working in the same transaction. Unknown or used → INVALID_OOB_CODE, expired →
 * EXPIRED_OOB_CODE, the address taken meanwhile → 409 EMAIL_EXISTS (the link stays unused,
 * nothing changes).
 */
export async function confirmEmail(ctx: AppContext, token: string, ip: string): Promise<void> {
  const error = await uniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      const row = await repo.lockOneTimeToken(tx, 'emailChange', sha256(token));
      if (!row || row.usedAt) return 'INVALID_OOB_CODE' as const;
      if (row.expiresAt.getTime() <= Date.now()) return 'EXPIRED_OOB_CODE' as const;
      const user = await repo.findUserById(tx, row.userId);
      if (!user || !user.pendingEmail || user.status === 'DISABLED') return 'INVALID_OOB_CODE' as const;
      if (await repo.emailInUse(tx, user.pendingEmail, user.id, false)) throw emailExists();
      await repo.markOneTimeTokenUsed(tx, row.id);
      await repo.confirmPendingEmail(tx, user.id, user.pendingEmail);
      // a reset or activation link mailed to the old address must not outlive the change
      await endLinksOfOldEmail(tx, user.id);
      await recordAudit(tx, { kind: 'email_changed', actorUserId: user.id, subject: user.pendingEmail.toLowerCase(), ip, details: { from: user.email.toLowerCase() } });
      return null;
    }),
  );
  if (error) throw new ApiError(400, error, error === 'EXPIRED_OOB_CODE' ? 'The link has expired' : 'The link is not valid');
}
