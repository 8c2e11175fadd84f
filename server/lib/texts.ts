import itShell from '../../locales/it/translation.json';
import itErrors from '../../locales/it/errors.json';
import itValidation from '../../locales/it/validation.json';
import itRa from '../../locales/it/ra.json';
import itAuditFiles from '../../locales/it/auditFiles.json';
import itBatches from '../../locales/it/batches.json';
import itCompanies from '../../locales/it/companies.json';
import itGiftcards from '../../locales/it/giftcards.json';
import itIntegratedOrders from '../../locales/it/integratedOrders.json';
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
import enErrors from '../../locales/en/errors.json';
import enValidation from '../../locales/en/validation.json';
import enRa from '../../locales/en/ra.json';
import enAuditFiles from '../../locales/en/auditFiles.json';
import enBatches from '../../locales/en/batches.json';
import enCompanies from '../../locales/en/companies.json';
import enGiftcards from '../../locales/en/giftcards.json';
import enIntegratedOrders from '../../locales/en/integratedOrders.json';
import enOrderScreens from '../../locales/en/orderScreens.json';
import enOrderWizard from '../../locales/en/orderWizard.json';
import enReloadables from '../../locales/en/reloadables.json';
import enReloads from '../../locales/en/reloads.json';
import enReportFiles from '../../locales/en/reportFiles.json';
import enReports from '../../locales/en/reports.json';
import enSquare from '../../locales/en/square.json';
import enStores from '../../locales/en/stores.json';
import enTransactions from '../../locales/en/transactions.json';
import esShell from '../../locales/es/translation.json';
import esErrors from '../../locales/es/errors.json';
import esValidation from '../../locales/es/validation.json';
import esRa from '../../locales/es/ra.json';
import esAuditFiles from '../../locales/es/auditFiles.json';
import esBatches from '../../locales/es/batches.json';
import esCompanies from '../../locales/es/companies.json';
import esGiftcards from '../../locales/es/giftcards.json';
import esIntegratedOrders from '../../locales/es/integratedOrders.json';
import esOrderScreens from '../../locales/es/orderScreens.json';
import esOrderWizard from '../../locales/es/orderWizard.json';
import esReloadables from '../../locales/es/reloadables.json';
import esReloads from '../../locales/es/reloads.json';
import esReportFiles from '../../locales/es/reportFiles.json';
import esReports from '../../locales/es/reports.json';
import esSquare from '../../locales/es/square.json';
import esStores from '../../locales/es/stores.json';
import esTransactions from '../../locales/es/transactions.json';
import frShell from '../../locales/fr/translation.json';
import frErrors from '../../locales/fr/errors.json';
import frValidation from '../../locales/fr/validation.json';
import frRa from '../../locales/fr/ra.json';
import frAuditFiles from '../../locales/fr/auditFiles.json';
import frBatches from '../../locales/fr/batches.json';
import frCompanies from '../../locales/fr/companies.json';
import frGiftcards from '../../locales/fr/giftcards.json';
import frIntegratedOrders from '../../locales/fr/integratedOrders.json';
import frOrderScreens from '../../locales/fr/orderScreens.json';
import frOrderWizard from '../../locales/fr/orderWizard.json';
import frReloadables from '../../locales/fr/reloadables.json';
import frReloads from '../../locales/fr/reloads.json';
import frReportFiles from '../../locales/fr/reportFiles.json';
import frReports from '../../locales/fr/reports.json';
import frSquare from '../../locales/fr/square.json';
import frStores from '../../locales/fr/stores.json';
import frTransactions from '../../locales/fr/transactions.json';
import deShell from '../../locales/de/translation.json';
import deErrors from '../../locales/de/errors.json';
import deValidation from '../../locales/de/validation.json';
import deRa from '../../locales/de/ra.json';
import deAuditFiles from '../../locales/de/auditFiles.json';
import deBatches from '../../locales/de/batches.json';
import deCompanies from '../../locales/de/companies.json';
import deGiftcards from '../../locales/de/giftcards.json';
import deIntegratedOrders from '../../locales/de/integratedOrders.json';
import deOrderScreens from '../../locales/de/orderScreens.json';
import deOrderWizard from '../../locales/de/orderWizard.json';
import deReloadables from '../../locales/de/reloadables.json';
import deReloads from '../../locales/de/reloads.json';
import deReportFiles from '../../locales/de/reportFiles.json';
import deReports from '../../locales/de/reports.json';
import deSquare from '../../locales/de/square.json';
import deStores from '../../locales/de/stores.json';
import deTransactions from '../../locales/de/transactions.json';
import type { ExportLanguage } from '../../domain/giftcards';

/**
 * The screens' texts on the server, for what it writes in the user's language (CSV headers and
 * words, e-mails): the same tree as the SPA's (src/i18n/resources.ts: `translation.json` at the
 * root, each area's file under its name), so a declaration's i18n keys read the same on both
 * sides. Every language has Italian's keys (src/i18n/translations.test.ts), hence one type.
 */
type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => value !== null && typeof value === 'object' && !Array.isArray(value);
function merged(into: Tree, tree: Tree): Tree {
  const out: Tree = { ...into };
  for (const [key, value] of Object.entries(tree)) out[key] = isTree(value) && isTree(out[key]) ? merged(out[key], value) : value;
  return out;
}

/**
 * translation.json with the rest of its groups that have a file of their own (`errors.json`,
 * `validation.json`, `ra.json`: the SPA downloads them after the sign-in), merged key by key.
 */
function shellOf<S extends Tree, E extends Tree, V extends Tree, R extends Tree>(shell: S, errors: E, validation: V, ra: R) {
  return merged(shell, { errors, validation, ra }) as S & { errors: E; validation: V; ra: R };
}

const IT = { ...shellOf(itShell, itErrors, itValidation, itRa), auditFiles: itAuditFiles, batches: itBatches, companies: itCompanies, giftcards: itGiftcards, integratedOrders: itIntegratedOrders, orderScreens: itOrderScreens, orderWizard: itOrderWizard, reloadables: itReloadables, reloads: itReloads, reportFiles: itReportFiles, reports: itReports, square: itSquare, stores: itStores, transactions: itTransactions };
export type TextTree = typeof IT;
const TREES: Record<ExportLanguage, TextTree> = {
  it: IT,
  en: { ...shellOf(enShell, enErrors, enValidation, enRa), auditFiles: enAuditFiles, batches: enBatches, companies: enCompanies, giftcards: enGiftcards, integratedOrders: enIntegratedOrders, orderScreens: enOrderScreens, orderWizard: enOrderWizard, reloadables: enReloadables, reloads: enReloads, reportFiles: enReportFiles, reports: enReports, square: enSquare, stores: enStores, transactions: enTransactions },
  es: { ...shellOf(esShell, esErrors, esValidation, esRa), auditFiles: esAuditFiles, batches: esBatches, companies: esCompanies, giftcards: esGiftcards, integratedOrders: esIntegratedOrders, orderScreens: esOrderScreens, orderWizard: esOrderWizard, reloadables: esReloadables, reloads: esReloads, reportFiles: esReportFiles, reports: esReports, square: esSquare, stores: esStores, transactions: esTransactions },
  fr: { ...shellOf(frShell, frErrors, frValidation, frRa), auditFiles: frAuditFiles, batches: frBatches, companies: frCompanies, giftcards: frGiftcards, integratedOrders: frIntegratedOrders, orderScreens: frOrderScreens, orderWizard: frOrderWizard, reloadables: frReloadables, reloads: frReloads, reportFiles: frReportFiles, reports: frReports, square: frSquare, stores: frStores, transactions: frTransactions },
  de: { ...shellOf(deShell, deErrors, deValidation, deRa), auditFiles: deAuditFiles, batches: deBatches, companies: deCompanies, giftcards: deGiftcards, integratedOrders: deIntegratedOrders, orderScreens: deOrderScreens, orderWizard: deOrderWizard, reloadables: deReloadables, reloads: deReloads, reportFiles: deReportFiles, reports: deReports, square: deSquare, stores: deStores, transactions: deTransactions },
};

/** The whole tree of `language`, typed: `textsIn('de').auditFiles.columns`. */
export const textsIn = (language: ExportLanguage): TextTree => TREES[language];

/** `key` ('stores.fields.code') in `language`; the key itself when there is no such text. */
export function textOf(language: ExportLanguage): (key: string) => string {
  return (key) => {
    const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), TREES[language]);
    return typeof value === 'string' ? value : key;
  };
}
