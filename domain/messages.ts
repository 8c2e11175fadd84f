import type { z } from 'zod';

/**
 * Validation messages that name their limit. A message is an i18n key (`validation.*`); one that
 * needs values carries them after a `?`, like a query string: `validation.maxLength?max=60`. The
 * text survives every path a message takes as it is: a zod schema's message, the API's problem
 * body (`errors: { field: message }`), react-hook-form's field error. The SPA reads it back in
 * the one place it translates (src/i18n/messages.ts): key `validation.maxLength`, `{ max: 60 }`.
 * Parameters named `…Cents` are money (the SPA shows `maxCents: 100000` as `max: "1.000,00 €"`),
 * `…InputCents` an amount as an input takes it (`exampleInputCents: 2550` as `example: "25,50"`),
 * `…Bytes` a file size (`maxBytes: 5242880` as `max: "5 MB"`, "5 Mo" in French);
 * other numbers are shown in the user's number format.
 */
export type MessageParams = Record<string, string | number>;

/** A message key with the values its text needs. */
export function messageWith(key: string, params: MessageParams): string {
  const query = Object.entries(params)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${key}?${query}` : key;
}

/** A message → its key and values (numbers back as numbers); a plain key has no values. */
export function readMessage(message: string): { key: string; params: MessageParams } {
  const at = message.indexOf('?');
  if (at < 0 || !/^[\w-]+(\.[\w-]+)+$/.test(message.slice(0, at)) || !/^[^=&\s]+=[^&\s]*(&[^=&\s]+=[^&\s]*)*$/.test(message.slice(at + 1))) return { key: message, params: {} };
  const params: MessageParams = {};
  for (const pair of message.slice(at + 1).split('&')) {
    const [name, value = ''] = pair.split('=').map(decodeURIComponent);
    if (name) params[name] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return { key: message.slice(0, at), params };
}

/** The validation messages every area's rules share (keys of the `validation` texts). */
export const VALIDATION_MESSAGES = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  amount: 'validation.amount',
  dateRange: 'validation.dateRange',
  progressiveRange: 'validation.progressiveRange',
} as const;

// ---------------------------------------------------------------- the limit messages

/** "At most 60 characters" */
export const maxLengthMessage = (max: number) => messageWith('validation.maxLength', { max });
/** "From 2 to 80 characters" */
export const lengthRangeMessage = (min: number, max: number) => messageWith('validation.lengthRange', { min, max });
/** "A whole number from 1 to 120" */
export const numberRangeMessage = (min: number, max: number) => messageWith('validation.numberRange', { min, max });
/** "A whole number, 1 or more" */
export const numberMinMessage = (min: number) => messageWith('validation.numberMin', { min });
/** "A number of at most 15 digits" */
export const maxDigitsMessage = (max: number) => messageWith('validation.maxDigits', { max });
/** "At most 1,000.00 €" (an amount above the rule's maximum) */
export const amountMaxMessage = (maxCents: number) => messageWith('validation.amountMax', { maxCents });
/** "At most 5,000 cards" */
export const maxCardsMessage = (max: number) => messageWith('validation.maxCards', { max });
/** "At most 10 recipients" */
export const maxRecipientsMessage = (max: number) => messageWith('validation.maxRecipients', { max });
/** "At most 100 ranges" */
export const maxRangesMessage = (max: number) => messageWith('validation.maxRanges', { max });
/** "At most 200 items" (lists a client sends, e.g. the ids of a reference lookup) */
export const maxItemsMessage = (max: number) => messageWith('validation.maxItems', { max });
/** "A date at most 366 days from today" */
export const maxDaysAheadMessage = (days: number) => messageWith('validation.maxDaysAhead', { days });
/** "The file must not be larger than 5 MB" */
export const fileTooLargeMessage = (maxBytes: number) => messageWith('validation.fileTooLarge', { maxBytes });

// ---------------------------------------------------------------- reading limits off a schema

type AnyDef = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; checks?: { _zod: { def: { check: string; maximum?: number; length?: number } } }[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: AnyDef } })._zod.def;

/** A string schema's own definition under its optional, nullable, default, preprocess and pipe wrappers; undefined for another type. */
function stringDefOf(schema: z.ZodType): AnyDef | undefined {
  const def = defOf(schema);
  if (def.innerType) return stringDefOf(def.innerType);
  if (def.type === 'pipe') return stringDefOf(defOf(def.in!).type === 'transform' ? def.out! : def.in!);
  return def.type === 'string' ? def : undefined;
}

/**
 * The longest text a string schema takes (its `.max()` or `.length()`), through optional, nullable, default,
 * preprocess and pipe wrappers; undefined when it has none. Inputs take their `maxLength`
 * attribute from here, so the attribute and the rule are one number.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  const def = stringDefOf(schema);
  if (!def) return undefined;
  const maxima = (def.checks ?? [])
    .map((check) => check._zod.def)
    .flatMap((check) => (check.check === 'max_length' ? [check.maximum!] : check.check === 'length_equals' ? [check.length!] : []));
  return maxima.length > 0 ? Math.min(...maxima) : undefined;
}

type LimitCheck = { check: string; minimum?: number; pattern?: RegExp; error?: (issue: unknown) => unknown };

/** A check's own message, as a schema answers it (a message key, with its values). */
const checkMessage = (error: ((issue: unknown) => unknown) | undefined): string | undefined => {
  const answer = error?.({ input: '', code: 'custom' });
  if (typeof answer === 'string') return answer;
  return typeof answer === 'object' && answer !== null && typeof (answer as { message?: unknown }).message === 'string' ? (answer as { message: string }).message : undefined;
};

/**
 * The message of the rule that limits a text field (its length, or a pattern with a counted part
 * such as `\d{5}`), through the same wrappers as {@link maxLengthOf}; undefined when the text has
 * no limit but "required". Forms state it under the input before any refusal (issue 43: a limit
 * shown only after a refusal), the same words the refusal uses.
 */
export function limitMessageOf(schema: z.ZodType): string | undefined {
  const def = stringDefOf(schema);
  if (!def) return undefined;
  const limiting = (def.checks ?? [])
    .map((check) => check._zod.def as unknown as LimitCheck)
    .filter(
      (check) =>
        check.check === 'max_length' ||
        check.check === 'length_equals' ||
        (check.check === 'min_length' && (check.minimum ?? 0) > 1) ||
        (check.check === 'string_format' && check.pattern !== undefined && /\{\d+(,\d*)?\}/.test(check.pattern.source)),
    );
  for (const check of limiting) {
    const message = checkMessage(check.error);
    if (message && message !== 'validation.required' && message !== 'validation.invalid') return message;
  }
  return undefined;
}
