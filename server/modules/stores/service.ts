import type { StoreInput } from '../../../domain/schemas/store';
import type { StoreRecord } from '../../../domain/schemas/stores-api';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { ApiError, notFound } from '../../lib/errors';
import { isUuid, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { lockCompany } from '../companies/repository';
import * as repo from './repository';

export const duplicateStoreCode = () => new ApiError(409, 'DUPLICATE_CODE', 'Another store of the company uses this code', { code: 'validation.duplicateCode' });

async function findOr404(db: Db, companyId: string, id: string) {
  const row = isUuid(id) ? await repo.findStore(db, companyId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function getStore(ctx: AppContext, companyId: string, id: string): Promise<StoreRecord> {
  return repo.toRecord(await findOr404(ctx.db, companyId, id));
}

const values = (body: StoreInput) => repo.storeTable.values(body) as repo.StoreValues;

/** A unique violation here is the (company, code) key or two defaults written at once. */
async function conflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      const text = JSON.stringify((error as { cause?: unknown }).cause ?? {}) + String(error);
      if (text.includes('default_activation')) throw new ApiError(409, 'CONFLICT', 'Another default activation store was set at the same time');
      throw duplicateStoreCode();
    }
    throw error;
  }
}

/**
 * The company row lock serializes default changes of one company, so two stores set as default
 * at once end with the later one as default instead of a unique-index failure.
 */
export async function takeDefault(db: Db, companyId: string, exceptId?: string): Promise<void> {
  await lockCompany(db, companyId);
  await repo.clearDefaultActivation(db, companyId, exceptId);
}

/** Setting a default activation store unsets the previous one in the same transaction. */
export async function createStore(ctx: AppContext, companyId: string, body: StoreInput): Promise<StoreRecord> {
  return conflicts(() =>
    ctx.db.transaction(async (tx) => {
      if (body.defaultActivationStore) await takeDefault(tx, companyId);
      const row = await repo.insertStore(tx, companyId, values(body));
      if (!row) throw duplicateStoreCode();
      return repo.toRecord(row);
    }),
  );
}

export async function updateStore(ctx: AppContext, companyId: string, id: string, body: StoreInput): Promise<StoreRecord> {
  await findOr404(ctx.db, companyId, id);
  return conflicts(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.codeTaken(tx, companyId, body.code, id)) throw duplicateStoreCode();
      if (body.defaultActivationStore) await takeDefault(tx, companyId, id);
      return repo.toRecord(await repo.updateStore(tx, id, values(body)));
    }),
  );
}

/**
 * A store that a gift card (activation store) or a transaction names stays: 409 STORE_IN_USE.
 * The row lock makes a card written at the same moment wait for the decision (its foreign key
 * check needs a share lock on the store row).
 */
export async function deleteStore(ctx: AppContext, companyId: string, id: string): Promise<StoreRecord> {
  const row = await findOr404(ctx.db, companyId, id);
  await ctx.db.transaction(async (tx) => {
    await repo.lockStore(tx, id);
    if (await repo.storeReferenced(tx, id)) throw new ApiError(409, 'STORE_IN_USE', 'Gift cards or transactions refer to this store');
    await repo.deleteStore(tx, id);
  });
  return repo.toRecord(row);
}
