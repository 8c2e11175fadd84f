import { MAX_UPLOAD_BYTES } from '../../domain/constants';
import { readMessage, type MessageParams } from '../../domain/messages';
import { amountInputText, formatCents, formatFileSize, formatNumber } from './formatMoney';

/**
 * The values of texts that state an app rule whoever shows them, when the message brings none: an
 * API error code's text (the 413 of the server or of a proxy in front of it names no size).
 */
const RULE_PARAMS: Record<string, MessageParams> = {
  'errors.codes.FILE_TOO_LARGE': { maxBytes: MAX_UPLOAD_BYTES },
  'errors.codes.PAYLOAD_TOO_LARGE': { maxBytes: MAX_UPLOAD_BYTES },
};

/**
 * A message as the SPA gets it (an i18n key, or a key with values: `validation.maxLength?max=60`,
 * domain/messages.ts) → the key and the options to translate it with. Numbers show in the
 * language's format ("10.000"), `…Cents` values as money under the name without the suffix
 * (`maxCents: 100000` → `max: "1.000,00 €"`), `…InputCents` values as an amount is typed in an input
 * (`exampleInputCents: 2550` → `example: "25,50"`, ungrouped, no €), `…Bytes` values as a file size (`maxBytes: 5242880` →
 * `max: "5 MB"`, "5 Mo" in French). The caller's own options win. Every translation of
 * the SPA goes through here (src/i18n/i18n.ts `translate`, the react-admin i18nProvider).
 */
export function messageArgs(message: string, options: Record<string, unknown> | undefined, language: string): [string, Record<string, unknown> | undefined] {
  if (typeof message !== 'string') return [message, options];
  const read = message.includes('?') ? readMessage(message) : { key: message, params: {} };
  if (read.key === message && !RULE_PARAMS[message]) return [message, options];
  const key = read.key;
  const params: MessageParams = { ...RULE_PARAMS[key], ...read.params };
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number' && name.endsWith('InputCents')) values[name.slice(0, -10)] = amountInputText(value, language);
    else if (typeof value === 'number' && name.endsWith('Cents')) values[name.slice(0, -5)] = formatCents(value, language);
    else if (typeof value === 'number' && name.endsWith('Bytes')) values[name.slice(0, -5)] = formatFileSize(value, language);
    else if (typeof value === 'number') values[name] = formatNumber(value, language);
    else values[name] = value;
  }
  // the last count (`max` of "from min to max", `days`…) picks the text's _one/_other form
  const counts = Object.entries(params).filter(([name, value]) => typeof value === 'number' && !name.endsWith('Cents') && !name.endsWith('Bytes'));
  if (counts.length > 0) values.count = values.smart_count = counts[counts.length - 1][1];
  return [key, { ...values, ...options }];
}
