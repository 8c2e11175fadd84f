import type { GetListParams, GetListResult, Identifier, RaRecord } from 'react-admin';
import type { ReloadableActions } from '../../dataProvider/types';
import type { DemoContext } from '../context';
import { notFound } from '../errors';

// scaffold: filled in by the issue-10 demo work (wallets, cards, users, runs, queue, history, notifications)

type Lister = (ctx: DemoContext, params: Partial<GetListParams>) => GetListResult<RaRecord>;

/** The reloadable resources' lists (`reloadables/*`), as the API filters, sorts and pages them. */
export const RELOADABLE_LISTS: Record<string, Lister> = {};
export const RELOADABLE_ONE: Record<string, (ctx: DemoContext, id: Identifier) => RaRecord> = {};
export const RELOADABLE_DELETE: Record<string, (ctx: DemoContext, id: Identifier) => RaRecord> = {};

/** The named calls, with the API's rules and error codes, on the demo's memory. */
export function reloadableDemoActions(_ctx: DemoContext): ReloadableActions {
  const missing = () => Promise.reject(notFound('/api/reloadable', 'not built yet'));
  return {
    getWallet: missing,
    fundWallet: missing,
    exportWalletMovements: missing,
    transferWallet: missing,
    lockReloadableCard: missing,
    unlockReloadableCard: missing,
    reloadReloadableCard: missing,
    linkReloadableCardCompany: missing,
    setReloadableCardClientId: missing,
    bulkReloadableCards: missing,
    reloadsTemplate: missing,
    validateReloads: missing,
    createReloads: missing,
    deleteReloadRun: missing,
    exportReloadsHistory: missing,
    getNotificationSettings: missing,
    saveNotificationSettings: missing,
  };
}
