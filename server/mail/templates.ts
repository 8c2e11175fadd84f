import deEmail from '../../locales/de/email.json';
import enEmail from '../../locales/en/email.json';
import esEmail from '../../locales/es/email.json';
import frEmail from '../../locales/fr/email.json';
import itEmail from '../../locales/it/email.json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../domain/constants';
import { EMAIL_TEMPLATES as ALL_TEMPLATES, type EmailTemplate as AnyTemplate } from '../../domain/emails';
import { formatNumber, pluralCategory } from '../../domain/format';

/** account mails, the reloadable programme's notifications (server/modules/reloadables/notifications.ts), a square voucher's code (server/modules/square/communications.sender.ts), support tickets' news (server/modules/tickets/emails.ts), a generated report ready or failed (server/modules/reports/jobs.ts): domain/emails.ts */
/** A gift-card order's e-mails are written by the orders module with its own texts (server/modules/orders/emails.ts); every other is rendered here. */
type OrderTemplate = 'orderConfirmation' | 'orderCard';
export type EmailTemplate = Exclude<AnyTemplate, OrderTemplate>;
export const EMAIL_TEMPLATES = ALL_TEMPLATES.filter((template): template is EmailTemplate => template !== 'orderConfirmation' && template !== 'orderCard');
/** Every language of the choice (SPEC §1): a user's e-mails go out in theirs. */
export const EMAIL_LANGUAGES = LANGUAGES;

/** subject and text, plus the plural forms of their counts: `credited_one`, `credited_other`… */
type TemplateTexts = { subject: string; text: string } & Record<string, string>;
type Catalog = Record<EmailTemplate, TemplateTexts>;

/** An e-mail's values: texts as they are; numbers (counts) written in the e-mail's language. */
export type EmailParams = Record<string, string | number>;

/** bundled with the code (no file read), so every host has them */
const catalogs: Record<Language, Catalog> = { it: itEmail as Catalog, en: enEmail as Catalog, es: esEmail as Catalog, fr: frEmail as Catalog, de: deEmail as Catalog };

export function loadCatalog(language: string): Catalog {
  const catalog = (catalogs as Record<string, Catalog | undefined>)[language];
  if (!catalog) throw new Error(`no e-mail texts for language ${language}`);
  return catalog;
}

function interpolate(text: string, params: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => params[key] ?? '');
}

const HOURS_PER_DAY = 24;
/**
 * A link's validity (`hours`, the token's lifetime) is said in days when it is whole days and the
 * template has `days_one`/`days_other` forms: "7 giorni", not "168 ore" (issue 43); else in hours.
 */
const wholeDays = (texts: Record<string, unknown>, hours: number) => typeof texts.days_other === 'string' && hours > 0 && hours % HOURS_PER_DAY === 0;

/**
 * The values as the texts show them, in `language`: a number is written by the one formatter
 * ("1.500"); a number whose name has plural forms among `texts` (`credited_one`,
 * `credited_other`) becomes that form, with `{{count}}` the number ("1 carta ricaricata",
 * "3 carte ricaricate"). A count passed as a string is a programming error (no form could be
 * chosen), so it throws. Also used by the order e-mails (server/modules/orders/emails.ts).
 */
export function emailValues(texts: Record<string, unknown>, params: EmailParams, language: string): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) plain[key] = typeof value === 'number' ? formatNumber(value, language) : value;
  const values: Record<string, string> = { ...plain };
  for (const [key, value] of Object.entries(params)) {
    if (key === 'hours' && typeof value === 'number' && wholeDays(texts, value)) {
      values.hours = interpolate(String(texts[`days_${pluralCategory(language, value / HOURS_PER_DAY)}`] ?? texts.days_other), { ...plain, count: formatNumber(value / HOURS_PER_DAY, language) });
      continue;
    }
    if (typeof texts[`${key}_other`] !== 'string') continue;
    if (typeof value !== 'number') throw new Error(`e-mail value ${key} is a count: pass a number`);
    const form = texts[`${key}_${pluralCategory(language, value)}`] ?? texts[`${key}_other`];
    values[key] = interpolate(String(form), { ...plain, count: plain[key] });
  }
  return values;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Plain paragraphs, the link made clickable; params are escaped before they reach HTML. */
function toHtml(text: string, params: Record<string, string>): string {
  const escaped: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    escaped[key] = key === 'link' ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);
  }
  const paragraphs = text.split(/\n{2,}/).map((p) => interpolate(escapeHtml(p), escaped).replace(/\n/g, '<br>'));
  return `<!doctype html><html><body style="font-family:sans-serif">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
}

export interface RenderedEmail {
  language: string;
  subject: string;
  text: string;
  html: string;
}

/** Renders a template in the user's language; a language outside the choice (an old or hand-made value) gets Italian. */
export function renderEmail(template: EmailTemplate, language: string, params: EmailParams): RenderedEmail {
  const lang = (EMAIL_LANGUAGES as readonly string[]).includes(language) ? language : DEFAULT_LANGUAGE;
  const texts = loadCatalog(lang)[template];
  const values = emailValues(texts, params, lang);
  return {
    language: lang,
    subject: interpolate(texts.subject, values),
    text: interpolate(texts.text, values),
    html: toHtml(texts.text, values),
  };
}
