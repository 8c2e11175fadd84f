import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE } from '../../domain/constants';

/** account mails, then the reloadable programme's notifications (server/modules/reloadables/notifications.ts) */
export const EMAIL_TEMPLATES = ['activation', 'reset', 'reloadLowBalance', 'reloadRunDone', 'reloadRunFailed', 'reloadMonthlyStatement'] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];
export const EMAIL_LANGUAGES = ['it', 'en'] as const;

interface TemplateTexts {
  subject: string;
  text: string;
}
type Catalog = Record<EmailTemplate, TemplateTexts>;

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
const catalogs = new Map<string, Catalog>();

export function loadCatalog(language: string): Catalog {
  let catalog = catalogs.get(language);
  if (!catalog) {
    catalog = JSON.parse(readFileSync(path.join(LOCALES, language, 'email.json'), 'utf8')) as Catalog;
    catalogs.set(language, catalog);
  }
  return catalog;
}

function interpolate(text: string, params: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => params[key] ?? '');
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

/** Renders a template in the user's language; languages without texts fall back to Italian. */
export function renderEmail(template: EmailTemplate, language: string, params: Record<string, string>): RenderedEmail {
  const lang = (EMAIL_LANGUAGES as readonly string[]).includes(language) ? language : DEFAULT_LANGUAGE;
  const texts = loadCatalog(lang)[template];
  return {
    language: lang,
    subject: interpolate(texts.subject, params),
    text: interpolate(texts.text, params),
    html: toHtml(texts.text, params),
  };
}
