import type { OperatorAction, OperatorCreateBody, OperatorRecord } from '../../../domain/schemas/companies-api';
import type { OperatorInput } from '../../../domain/schemas/company';
import { defaultPermissionsFor } from '../../../domain/roles';
import { outOfScopeKeys } from '../../../domain/users';
import type { AppContext } from '../../context';
import type { Principal } from '../../lib/access';
import type { Db } from '../../db/client';
import { ApiError, notFound } from '../../lib/errors';
import { revokeUserTokens } from '../../lib/refresh-tokens.repository';
import { isInSubtree } from '../../db/company-scope';
import { isUuid } from '../../lib/pg-errors';
import * as accounts from '../account/accounts.repository';
import { emailExists, issueActivationLink, uniqueEmail } from '../account/service';
import { assertUserInScope } from '../users/service';
import * as repo from './repository';

/** Who reads or changes operators: their id and flags. */
export type OperatorsActor = Pick<Principal, 'userId' | 'permissions'>;

/**
 * The record as `actor` sees it (issue 37): `outOfScope`, the flags the operator holds and the
 * actor lacks (domain/users.ts outOfScopeKeys, the rule the writes below enforce: 403
 * USER_OUT_OF_SCOPE); when any, no action. Otherwise `edit`, and `delete` (disable) unless the
 * operator is disabled already or is the actor.
 */
export function toRecord(view: repo.OperatorView, actor: OperatorsActor): OperatorRecord {
  const { permissions, ...data } = view;
  const outOfScope = outOfScopeKeys(actor, { permissions });
  const actions: OperatorAction[] = [];
  if (outOfScope.length === 0) {
    actions.push('edit');
    if (view.status !== 'DISABLED' && view.id !== actor.userId) actions.push('delete');
  }
  return { ...data, actions, outOfScope };
}

async function findView(db: Db, scopeId: string, id: string): Promise<repo.OperatorView> {
  const view = isUuid(id) ? await repo.findOperator(db, scopeId, id) : undefined;
  if (!view) throw notFound();
  return view;
}

export async function getOperator(ctx: AppContext, actor: OperatorsActor, scopeId: string, id: string, db: Db = ctx.db): Promise<OperatorRecord> {
  return toRecord(await findView(db, scopeId, id), actor);
}

export async function listOperators(
  ctx: AppContext,
  actor: OperatorsActor,
  scopeId: string,
  filter: repo.OperatorListFilter,
  sort: { field: string; order: 'ASC' | 'DESC' },
  offset: number,
  limit: number,
): Promise<{ rows: OperatorRecord[]; total: number }> {
  const { rows, total } = await repo.listOperators(ctx.db, scopeId, filter, sort, offset, limit);
  return { rows: rows.map((view) => toRecord(view, actor)), total };
}

/**
 * A new operator is a pending user of a company in scope, with the default operator permissions
 * (never more than the creator holds), activated through the e-mailed link.
 */
export async function createOperator(ctx: AppContext, creator: Principal, scopeId: string, body: OperatorCreateBody): Promise<OperatorRecord> {
  const companyId = body.companyId ?? scopeId;
  if (!(await isInSubtree(ctx.db, scopeId, companyId))) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'The company is not valid', { companyId: 'validation.invalid' });
  }
  const record = await uniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      if (await accounts.emailTaken(tx, body.email)) throw emailExists();
      const user = await accounts.insertPendingUser(tx, {
        // the declared fields (operatorTable), in the company decided above
        ...(repo.operatorTable.values(body) as OperatorInput),
        companyId,
        role: 'OPERATOR',
        permissions: defaultPermissionsFor('OPERATOR', creator.permissions),
        language: creator.language,
      });
      await issueActivationLink(ctx, tx, user);
      return getOperator(ctx, creator, scopeId, user.id, tx);
    }),
  );
  ctx.jobs.wake();
  return record;
}

/**
 * Contact data only. A pending operator whose e-mail changes gets a new link at the new address.
 * An operator holding a flag the caller lacks is not theirs to change (403 USER_OUT_OF_SCOPE, as
 * in user management).
 */
export async function updateOperator(ctx: AppContext, actor: Principal, scopeId: string, id: string, body: OperatorInput): Promise<OperatorRecord> {
  const current = await findView(ctx.db, scopeId, id);
  const record = await uniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      const target = await accounts.findUserInSubtree(tx, scopeId, id);
      if (!target) throw notFound();
      assertUserInScope(actor, target);
      if (await accounts.emailTaken(tx, body.email, id)) throw emailExists();
      const user = await accounts.updateUserContact(tx, id, body);
      if (current.email.toLowerCase() !== body.email.toLowerCase() && user.status === 'PENDING_ACTIVATION') {
        await issueActivationLink(ctx, tx, user);
      }
      return getOperator(ctx, actor, scopeId, id, tx);
    }),
  );
  ctx.jobs.wake();
  return record;
}

/**
 * "Delete" disables: the account keeps its history (audit, ledger rows name it) but cannot sign
 * in, its sessions end at once and an unused activation link stops working (it needs a pending
 * account). Nobody disables themselves, nor an operator holding a flag they lack (USER_OUT_OF_SCOPE).
 */
export async function disableOperator(ctx: AppContext, actor: Principal, scopeId: string, id: string): Promise<OperatorRecord> {
  await findView(ctx.db, scopeId, id);
  if (id === actor.userId) throw new ApiError(409, 'CONFLICT', 'You cannot disable your own account');
  return ctx.db.transaction(async (tx) => {
    const target = await accounts.findUserInSubtree(tx, scopeId, id);
    if (!target) throw notFound();
    assertUserInScope(actor, target);
    await accounts.disableUser(tx, id);
    await revokeUserTokens(tx, id);
    return getOperator(ctx, actor, scopeId, id, tx);
  });
}
