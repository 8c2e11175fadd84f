import deReloadables from '../locales/de/reloadables.json';
import deReloads from '../locales/de/reloads.json';
import deTranslation from '../locales/de/translation.json';
import deErrors from '../locales/de/errors.json';
import esReloadables from '../locales/es/reloadables.json';
import esReloads from '../locales/es/reloads.json';
import esTranslation from '../locales/es/translation.json';
import esErrors from '../locales/es/errors.json';
import frReloadables from '../locales/fr/reloadables.json';
import frReloads from '../locales/fr/reloads.json';
import frTranslation from '../locales/fr/translation.json';
import frErrors from '../locales/fr/errors.json';
import enReloadables from '../locales/en/reloadables.json';
import enReloads from '../locales/en/reloads.json';
import enTranslation from '../locales/en/translation.json';
import enErrors from '../locales/en/errors.json';
import itReloadables from '../locales/it/reloadables.json';
import itReloads from '../locales/it/reloads.json';
import itTranslation from '../locales/it/translation.json';
import itErrors from '../locales/it/errors.json';
import type { ExportLanguage } from './giftcards';
import type { ReloadState } from './reloadables';

/**
 * The texts of the programme's two CSV files (a wallet's movements, the reload history; written
 * by server/modules/reloadables/{export,runs.export}.ts on the one CSV writer): every header and
 * every worded value is the screen's own text (locales/<lang>/reloadables.json and reloads.json,
 * the refusals' texts of translation.json and errors.json, where those the sign-in page never shows live), so a file cannot word a movement type, a state or a
 * column otherwise than the screen does.
 */
export const RELOADABLES_CSV_TEXTS = {
  it: { reloadables: itReloadables, reloads: itReloads, codes: { ...itTranslation.errors.codes, ...itErrors.codes } as Record<string, string>, invalid: itTranslation.validation.invalid },
  en: { reloadables: enReloadables, reloads: enReloads, codes: { ...enTranslation.errors.codes, ...enErrors.codes } as Record<string, string>, invalid: enTranslation.validation.invalid },
  es: { reloadables: esReloadables, reloads: esReloads, codes: { ...esTranslation.errors.codes, ...esErrors.codes } as Record<string, string>, invalid: esTranslation.validation.invalid },
  fr: { reloadables: frReloadables, reloads: frReloads, codes: { ...frTranslation.errors.codes, ...frErrors.codes } as Record<string, string>, invalid: frTranslation.validation.invalid },
  de: { reloadables: deReloadables, reloads: deReloads, codes: { ...deTranslation.errors.codes, ...deErrors.codes } as Record<string, string>, invalid: deTranslation.validation.invalid },
} satisfies Record<ExportLanguage, unknown>;

/**
 * Why a run's row was not credited, as the run page says it: nothing for a row that was not
 * deleted; a deleted row's refusal (its code's text), or "removed from the queue" when a user
 * deleted it (no code).
 */
export function notCreditedWhy(language: ExportLanguage): (state: ReloadState, reason: string | null) => string {
  const { codes, invalid, reloads } = RELOADABLES_CSV_TEXTS[language];
  return (state, reason) => (state !== 'DELETED' ? '' : reason ? (codes[reason] ?? invalid) : reloads.run.deletedFromQueue);
}
