import type { GetListParams, GetListResult, Identifier, RaRecord } from 'react-admin';
import { notificationSettingsBodySchema, type NotificationSettings, type NotificationSettingsBody } from '../../../domain/reloadables';
import type { ReloadableActions } from '../../dataProvider/types';
import type { DemoContext } from '../context';
import { parseOr400 } from '../errors';
import * as cards from './cards';
import * as reloads from './reloads';
import { reloadablesOf } from './seed';
import * as wallet from './wallet';

/**
 * The reloadable programme of the demo (server/modules/reloadables/README.md on memory): the
 * `reloadables/*` resources src/demo/dataProvider.ts spreads into its tables, and the named calls
 * of ReloadableActions. Planned runs whose time has come run at the start of every call
 * (`reloadablesOf`, with Date.now()), as the server's job would have run them.
 */
type Lister = (ctx: DemoContext, params: Partial<GetListParams>) => GetListResult<RaRecord>;

/** The reloadable resources' lists (`reloadables/*`), as the API filters, sorts and pages them. */
export const RELOADABLE_LISTS: Record<string, Lister> = {
  'reloadables/wallet': wallet.listMovements,
  'reloadables/walletSubCompanies': wallet.listSubWallets,
  'reloadables/walletSubCompanies-movements': wallet.listSubMovements,
  'reloadables/cards': cards.listCards,
  'reloadables/card-history': cards.listCardHistory,
  'reloadables/users': cards.listUsers,
  'reloadables/reloads': reloads.listRuns,
  'reloadables/reload-rows': reloads.listRunRows,
  'reloadables/queue-reloads': reloads.listQueue,
  'reloadables/reloads-history': reloads.listHistory,
};
export const RELOADABLE_ONE: Record<string, (ctx: DemoContext, id: Identifier) => RaRecord> = {
  'reloadables/walletSubCompanies': wallet.getSubWallet,
  'reloadables/cards': cards.getCard,
  'reloadables/users': cards.getUser,
  'reloadables/reloads': reloads.getRun,
  'reloadables/reloads-history': reloads.getHistoryRun,
};
export const RELOADABLE_DELETE: Record<string, (ctx: DemoContext, id: Identifier) => RaRecord> = {
  'reloadables/reloads': reloads.deleteReloadRun,
  'reloadables/queue-reloads': reloads.deleteQueuedReload,
};

const NOTIFICATIONS = 'reloadables/notifications';

/** The company's settings, or the defaults (everything off, the referent as recipient) when never saved. */
export function getNotificationSettings(ctx: DemoContext): NotificationSettings {
  const { companyId } = ctx.require(NOTIFICATIONS, 'show');
  const saved = reloadablesOf(ctx.db).notifications.get(companyId);
  const defaults: NotificationSettings = {
    id: companyId,
    companyId,
    recipients: [],
    lowBalanceEnabled: false,
    lowBalanceThresholdCents: 0,
    runCompletedEnabled: false,
    runFailedEnabled: false,
    monthlyStatementEnabled: false,
    updatedAt: null,
  };
  return saved ? { ...saved, recipients: [...saved.recipients] } : defaults;
}

export function saveNotificationSettings(ctx: DemoContext, body: NotificationSettingsBody): NotificationSettings {
  const { companyId } = ctx.require(NOTIFICATIONS, 'edit');
  const input = parseOr400(notificationSettingsBodySchema, body, `/api/company/${companyId}/reloadable/notifications`);
  // addresses kept once each, in lower case (as the server stores them)
  const recipients = [...new Set(input.recipients.map((r) => r.trim().toLowerCase()))];
  const saved: NotificationSettings = { id: companyId, companyId, ...input, recipients, updatedAt: new Date().toISOString() };
  reloadablesOf(ctx.db).notifications.set(companyId, saved);
  return { ...saved, recipients: [...saved.recipients] };
}

/** Every answer is asynchronous, like a network call (as the demo dataProvider's `later`). */
const later = <T>(work: () => T | Promise<T>): Promise<T> => Promise.resolve().then(work);

/** The named calls, with the API's rules and error codes, on the demo's memory. */
export function reloadableDemoActions(ctx: DemoContext): ReloadableActions {
  return {
    getWallet: (subCompanyId) => later(() => wallet.getWallet(ctx, subCompanyId)),
    fundWallet: (body, key) => later(() => wallet.fundWallet(ctx, body, key)),
    exportWalletMovements: (filter, format, subCompanyId) => later(() => wallet.exportWalletMovements(ctx, filter, format, subCompanyId)),
    transferWallet: (subCompanyId, body, key) => later(() => wallet.transferWallet(ctx, subCompanyId, body, key)),
    lockReloadableCard: (id) => later(() => cards.lockCard(ctx, id)),
    unlockReloadableCard: (id) => later(() => cards.unlockCard(ctx, id)),
    reloadReloadableCard: (id, amountCents, key) => later(() => cards.reloadCard(ctx, id, amountCents, key)),
    linkReloadableCardCompany: (id, companyId) => later(() => cards.linkCardCompany(ctx, id, companyId)),
    setReloadableCardClientId: (id, clientId) => later(() => cards.setCardClientId(ctx, id, clientId)),
    bulkReloadableCards: (body, key) => later(() => cards.bulkCards(ctx, body, key)),
    reloadsTemplate: (language) => later(() => reloads.reloadsTemplate(ctx, language)),
    validateReloads: (body) => later(() => reloads.validateReloads(ctx, body)),
    createReloads: (body, key) => later(() => reloads.createReloads(ctx, body, key)),
    deleteReloadRun: (id) => later(() => reloads.deleteReloadRun(ctx, id)),
    exportReloadsHistory: (filter, format) => later(() => reloads.exportHistory(ctx, filter, format)),
    getNotificationSettings: () => later(() => getNotificationSettings(ctx)),
    saveNotificationSettings: (body) => later(() => saveNotificationSettings(ctx, body)),
  };
}
