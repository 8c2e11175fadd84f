import type { z } from 'zod';
import type { FieldChoice, FieldReference } from './choices';
import { maxLengthOf } from './messages';

/**
 * List filters over a large table, declared once next to the API's filter schema: the zod schema
 * is the rule (the API parses its `filter` with it, the SPA's filter form validates with it), the
 * declaration says which of its keys the user sets and how — so the SPA's filter form, its chips
 * and the summary a bulk action shows are built from it (src/components/schema/SchemaFilterForm),
 * and a filter offered on screen is always one the API accepts: `defineFilters` refuses a key
 * the schema lacks, and a schema key left undeclared unless it is named `fixed`.
 *
 * (Small lists filter live on their fields' `filter` flag instead: domain/fields.ts `declaredFilter`.)
 */

/**
 * How a filter is typed: `text` (trimmed, `normalize`d), `number` (digits, sent as a number),
 * `select` (one of `choices`, or the empty choice `any`), `reference` (a record of another list,
 * picked by name; offered only to users who may list it), `date` (DD/MM/YYYY days of the user's
 * time zone, sent as the first / last instant of the day), `money` (euros typed in the user's
 * language, sent as cents).
 */
export type FilterKind = 'text' | 'number' | 'money' | 'select' | 'reference' | 'date';

export interface FilterSpec {
  /** the API filter key; for a `range`, the keys are `<source>From` and `<source>To` */
  source: string;
  /** default 'text' */
  kind?: FilterKind;
  /** two inputs, from and to (number, money and date kinds) */
  range?: boolean;
  /** i18n key of the label; default `<texts>.<key>` (a range: one label per key, always the default) */
  label?: string;
  /** i18n key of a helper line under the input */
  helper?: string;
  /** kind 'select' */
  choices?: readonly FieldChoice[];
  /** kind 'select': i18n key of the empty choice (no condition); without it the select has none */
  any?: string;
  /** kind 'reference' */
  reference?: FieldReference;
  /** kind 'text': the text the API gets (a card code's canonical form, digits without spaces); default: trimmed */
  normalize?: (text: string) => string;
  /** the input's maxLength; default: the schema's `.max()` of the key */
  maxLength?: number;
  /** takes the rest of the form's row; default: a reference (its names are long) */
  wide?: boolean;
}

/** One input of the form: a key of the API filter and its declaration. */
export interface FilterKey {
  key: string;
  spec: FilterSpec;
  label: string;
  bound?: 'from' | 'to';
  maxLength?: number;
}

export interface FilterSet {
  /** the API's filter schema (strict): the rules */
  schema: z.ZodType;
  /** i18n group of the form's texts: `<texts>.title`, `.reset`, `.apply`, `.openCalendar` and the default labels */
  texts: string;
  filters: readonly FilterSpec[];
  /** the form's inputs, in order (a range gives two) */
  keys: readonly FilterKey[];
  /** how many inputs a row of the form holds from 900 px up; default 4 */
  perRow: number;
}

const keysOf = (spec: FilterSpec): Array<[string, FilterKey['bound']]> =>
  spec.range ? [[`${spec.source}From`, 'from'], [`${spec.source}To`, 'to']] : [[spec.source, undefined]];

/**
 * Declares the filter form of a list whose API filter is `schema` (a `z.object(...).strict()`,
 * refinements allowed). `fixed`: the schema's keys a page sets itself (a run's id, a user's id),
 * never an input.
 */
export function defineFilters(schema: z.ZodObject, texts: string, filters: readonly FilterSpec[], options: { fixed?: readonly string[]; perRow?: number } = {}): FilterSet {
  const shape = schema.shape as Record<string, z.ZodType>;
  const keys = filters.flatMap((spec) =>
    keysOf(spec).map(([key, bound]): FilterKey => {
      if (!(key in shape)) throw new Error(`Filter "${key}" is not a key of the API filter`);
      return { key, spec, bound, label: (!spec.range && spec.label) || `${texts}.${key}`, maxLength: spec.maxLength ?? maxLengthOf(shape[key]) };
    }),
  );
  for (const key of Object.keys(shape)) {
    if (!keys.some((input) => input.key === key) && !options.fixed?.includes(key)) throw new Error(`API filter key "${key}" has no filter declaration`);
  }
  return { schema, texts, filters, keys, perRow: options.perRow ?? 4 };
}

/** The form's values: every input's text ('' when empty; a reference: null). */
export type FilterFormValues = Record<string, string | null>;

/** What reads typed days and amounts (the user's time zone and language: the SPA's). */
export interface FilterReaders {
  dayStart: (text: string) => string | undefined;
  dayEnd: (text: string) => string | undefined;
  /** euros typed → cents; text it cannot read as typed, for the schema to refuse */
  cents: (text: string) => number | string;
}

/** What writes them back into the form. */
export interface FilterWriters {
  day: (value: string | undefined) => string;
  euros: (cents: number) => string;
}

/** A form value → the API's: '' and null left out, numbers as numbers when they are digits (else as typed, for the schema to refuse). */
export function filterValueToApi(input: FilterKey, value: string | null, read: FilterReaders): unknown {
  if (value === null || value === undefined) return undefined;
  const { spec } = input;
  switch (spec.kind ?? 'text') {
    case 'date':
      return input.bound === 'to' ? read.dayEnd(value) : read.dayStart(value);
    case 'money':
      return value.trim() ? read.cents(value) : undefined;
    case 'number': {
      const text = value.trim();
      if (!text) return undefined;
      return /^\d{1,15}$/.test(text) ? Number(text) : text;
    }
    case 'text': {
      const text = spec.normalize ? spec.normalize(value) : value.trim();
      return text || undefined;
    }
    default:
      return value || undefined;
  }
}

/** The API's value → the form's: a select value that is none of its choices reads as the empty choice. */
export function filterValueFromApi(input: FilterKey, value: unknown, write: FilterWriters): string | null {
  const { spec } = input;
  switch (spec.kind ?? 'text') {
    case 'date':
      return write.day(typeof value === 'string' ? value : undefined);
    case 'money':
      return typeof value === 'number' ? write.euros(value) : '';
    case 'reference':
      return typeof value === 'string' && value ? value : null;
    case 'select':
      return spec.choices?.some((choice) => choice.id === value) ? String(value) : '';
    default:
      return value === undefined || value === null ? '' : String(value);
  }
}
