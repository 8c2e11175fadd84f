import { readMessage } from '../../domain/messages';
import { formatCents, formatFileSize, formatNumber } from '../components/formatMoney';

/**
 * A message as the SPA gets it (an i18n key, or a key with values: `validation.maxLength?max=60`,
 * domain/messages.ts) → the key and the options to translate it with. Numbers show in the
 * language's format ("10.000"), `…Cents` values as money under the name without the suffix
 * (`maxCents: 100000` → `max: "1.000,00 €"`), `…Bytes` values as a file size (`maxBytes: 5242880` →
 * `max: "5 MB"`, "5 Mo" in French). The caller's own options win. Every translation of
 * the SPA goes through here (src/i18n/i18n.ts `translate`, the react-admin i18nProvider).
 */
export function messageArgs(message: string, options: Record<string, unknown> | undefined, language: string): [string, Record<string, unknown> | undefined] {
  if (typeof message !== 'string' || !message.includes('?')) return [message, options];
  const { key, params } = readMessage(message);
  if (key === message) return [message, options];
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number' && name.endsWith('Cents')) values[name.slice(0, -5)] = formatCents(value, language);
    else if (typeof value === 'number' && name.endsWith('Bytes')) values[name.slice(0, -5)] = formatFileSize(value, language);
    else if (typeof value === 'number') values[name] = formatNumber(value, language);
    else values[name] = value;
  }
  // the last count (`max` of "from min to max", `days`…) picks the text's _one/_other form
  const counts = Object.entries(params).filter(([name, value]) => typeof value === 'number' && !name.endsWith('Cents') && !name.endsWith('Bytes'));
  if (counts.length > 0) values.count = values.smart_count = counts[counts.length - 1][1];
  return [key, { ...values, ...options }];
}
