import type { Session } from '../../../domain/schemas/auth';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { signAccessToken } from '../../lib/access-token';
import { ApiError } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/tokens';
import { recordAudit } from '../audit/repository';
import { findUserByEmail, findUserById, markSignedIn } from '../account/repository';
import type { IdTokenVerifier } from './id-token';
import * as repo from '../../lib/refresh-tokens.repository';

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

export class AuthService {
  constructor(
    private readonly ctx: AppContext,
    private readonly verifyIdToken: IdTokenVerifier,
  ) {}

  /**
   * idToken → session. Failures answer 400 (not 401): the SPA treats a 401 as "refresh and retry",
   * which makes no sense while signing in.
   */
  async exchange(idToken: string, meta: ClientMeta): Promise<Session> {
    let identity;
    try {
      identity = await this.verifyIdToken(idToken);
    } catch {
      throw new ApiError(400, 'INVALID_ID_TOKEN', 'The identity token is not valid');
    }
    const { db } = this.ctx;
    const user = identity.userId
      ? await findUserById(db, identity.userId)
      : identity.email
        ? await findUserByEmail(db, identity.email)
        : undefined;
    if (!user) throw new ApiError(400, 'INVALID_LOGIN_CREDENTIALS', 'No user for this identity');
    if (user.status !== 'ACTIVE') throw new ApiError(400, 'USER_DISABLED', 'The account is not active');
    return db.transaction(async (tx) => {
      const session = await this.startSession(tx, user, meta);
      await recordAudit(tx, { kind: 'sign_in', actorUserId: user.id, subject: user.email.toLowerCase(), ip: meta.ip });
      // the users list shows it (last sign-in)
      await markSignedIn(tx, user.id);
      return session;
    });
  }

  private async startSession(db: Db, user: UserRow, meta: ClientMeta): Promise<Session> {
    const familyId = crypto.randomUUID();
    const { token: refreshToken } = await this.issueRefreshToken(db, user.id, familyId, meta);
    const accessToken = await this.accessToken(user.id, familyId);
    return { accessToken, refreshToken, companyId: user.companyId };
  }

  private async issueRefreshToken(db: Db, userId: string, familyId: string, meta: ClientMeta): Promise<{ token: string; id: string }> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + this.ctx.config.refreshTokenTtlSeconds * 1000);
    const id = await repo.insertRefreshToken(db, {
      userId,
      familyId,
      tokenHash: sha256(token),
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip,
    });
    return { token, id };
  }

  private accessToken(userId: string, sessionId: string): Promise<string> {
    return signAccessToken(this.ctx.keys.accessTokenSecret, { userId, sessionId }, this.ctx.config.accessTokenTtlSeconds);
  }

  /**
   * Rotates a refresh token. Reusing an already rotated token revokes its whole family: either
   * the client or an attacker holds a stolen copy, and the server cannot tell which (RFC 9700 §4.14).
   */
  async refresh(token: string, meta: ClientMeta): Promise<{ accessToken: string; refreshToken: string }> {
    const outcome = await this.ctx.db.transaction(async (tx) => {
      const row = await repo.lockRefreshToken(tx, sha256(token));
      if (!row || row.revokedAt) return null;
      if (row.rotatedAt) {
        await repo.revokeFamily(tx, row.familyId);
        await recordAudit(tx, { kind: 'refresh_token_reuse', actorUserId: row.userId, ip: meta.ip, details: { familyId: row.familyId } });
        return null;
      }
      const user = await findUserById(tx, row.userId);
      if (row.expiresAt.getTime() <= Date.now() || !user || user.status !== 'ACTIVE') {
        await repo.revokeFamily(tx, row.familyId);
        return null;
      }
      const next = await this.issueRefreshToken(tx, user.id, row.familyId, meta);
      await repo.markRotated(tx, row.id, next.id);
      return { refreshToken: next.token, userId: user.id, familyId: row.familyId };
    });
    // Thrown after the transaction so that a family revocation commits.
    if (!outcome) throw new ApiError(401, 'INVALID_REFRESH_TOKEN', 'The refresh token is not valid');
    return { accessToken: await this.accessToken(outcome.userId, outcome.familyId), refreshToken: outcome.refreshToken };
  }

  /** Ends the session the token belongs to. Unknown tokens are ignored (logout always succeeds). */
  async logout(token: string | undefined, meta: ClientMeta): Promise<void> {
    if (!token) return;
    const row = await repo.findRefreshToken(this.ctx.db, sha256(token));
    if (!row) return;
    await this.ctx.db.transaction(async (tx) => {
      await repo.revokeFamily(tx, row.familyId);
      await recordAudit(tx, { kind: 'sign_out', actorUserId: row.userId, ip: meta.ip, details: { familyId: row.familyId } });
    });
  }
}
