import itShell from '../../locales/it/translation.json';
import itBatches from '../../locales/it/batches.json';
import itCompanies from '../../locales/it/companies.json';
import itGiftcards from '../../locales/it/giftcards.json';
import itOrderScreens from '../../locales/it/orderScreens.json';
import itOrderWizard from '../../locales/it/orderWizard.json';
import itReloadables from '../../locales/it/reloadables.json';
import itReloads from '../../locales/it/reloads.json';
import itReportFiles from '../../locales/it/reportFiles.json';
import itReports from '../../locales/it/reports.json';
import itSquare from '../../locales/it/square.json';
import itStores from '../../locales/it/stores.json';
import itTransactions from '../../locales/it/transactions.json';
import enShell from '../../locales/en/translation.json';
import enBatches from '../../locales/en/batches.json';
import enCompanies from '../../locales/en/companies.json';
import enGiftcards from '../../locales/en/giftcards.json';
import enOrderScreens from '../../locales/en/orderScreens.json';
import enOrderWizard from '../../locales/en/orderWizard.json';
import enReloadables from '../../locales/en/reloadables.json';
import enReloads from '../../locales/en/reloads.json';
import enReportFiles from '../../locales/en/reportFiles.json';
import enReports from '../../locales/en/reports.json';
import enSquare from '../../locales/en/square.json';
import enStores from '../../locales/en/stores.json';
import enTransactions from '../../locales/en/transactions.json';
import type { ExportLanguage } from '../../domain/giftcards';

/**
 * The screens' texts on the server, for what it writes in the user's language (CSV headers and
 * words): the same tree as the SPA's (src/i18n/resources.ts: `translation.json` at the root,
 * each area's file under its name), so a declaration's i18n keys read the same on both sides.
 */
const TREES: Record<ExportLanguage, unknown> = {
  it: { ...itShell, batches: itBatches, companies: itCompanies, giftcards: itGiftcards, orderScreens: itOrderScreens, orderWizard: itOrderWizard, reloadables: itReloadables, reloads: itReloads, reportFiles: itReportFiles, reports: itReports, square: itSquare, stores: itStores, transactions: itTransactions },
  en: { ...enShell, batches: enBatches, companies: enCompanies, giftcards: enGiftcards, orderScreens: enOrderScreens, orderWizard: enOrderWizard, reloadables: enReloadables, reloads: enReloads, reportFiles: enReportFiles, reports: enReports, square: enSquare, stores: enStores, transactions: enTransactions },
};

/** `key` ('stores.fields.code') in `language`; the key itself when there is no such text. */
export function textOf(language: ExportLanguage): (key: string) => string {
  return (key) => {
    const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), TREES[language]);
    return typeof value === 'string' ? value : key;
  };
}
