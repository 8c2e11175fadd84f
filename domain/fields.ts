import { z } from 'zod';
import type { FilterSet } from './filters';
import { limitMessageOf, maxItemsMessage, maxLengthOf } from './messages';
import { textField } from './text';

/**
 * Field declarations: a resource's fields are declared once, next to its zod schema, with the
 * little the UI needs to show, list, filter and edit them. The SPA's generic components
 * (src/components/schema) render list columns, filters, show fields and form inputs from them;
 * the zod schema stays the one source of the rules (the API validates with the same schema).
 * No React here: domain is shared with the server.
 */

/**
 * How a value is shown and edited. Display kinds: `money` (integer cents, shown in EUR in the
 * user's language), `date` (DD/MM/YYYY) and `datetime` (DD/MM/YYYY HH:mm, SPEC §9, in the
 * browser's time zone), `number` (a count, grouped in the user's language), `percent` (0–100,
 * "40%"), `file` (SPEC §3 "File to upload": the form sends { type, name, content }; a record
 * names its file by a `name`, or by a plain text).
 */
export type FieldKind = 'text' | 'email' | 'phone' | 'boolean' | 'select' | 'reference' | 'money' | 'date' | 'datetime' | 'number' | 'percent' | 'file';

/** Kind 'file': the types the picker offers (its `accept`: ".csv,text/csv", "image/png,image/jpeg"). The size and type rules are the schema's. */
export interface FieldFile {
  accept: string;
}

export { referenceSort, type ChoiceTone, type FieldChoice, type FieldReference } from './choices';
import type { FieldChoice, FieldReference } from './choices';

interface FieldCommon {
  /** i18n key of the label */
  label: string;
  /** default 'text' */
  kind?: FieldKind;
  /** a list column */
  column?: boolean;
  /** the column can sort (the API must list the field among its sort fields) */
  sortable?: boolean;
  /** a list filter (the API must accept the field in its filter) */
  filter?: boolean;
  /** shown on the record's page; default true */
  show?: boolean;
  /** kind 'reference': the resource (its access-table name) and the field that names a record */
  reference?: FieldReference;
  /** kind 'select'; kind 'boolean': the words for 'true' and 'false' (else a check mark) */
  choices?: readonly FieldChoice[];
  /** kind 'file' */
  file?: FieldFile;
  /** the form step or section that holds the input (multi-step forms) */
  group?: string;
}

/** A field of the schema: it has a form input (unless `input: false`). */
export interface InputFieldSpec<K extends string = string> extends FieldCommon {
  source: K;
  input?: true;
  /** set when the record is created, read-only afterwards (the update body leaves it out) */
  readOnly?: boolean;
  /** initial value of a new record; default '' (false for booleans) */
  defaultValue?: string | boolean;
  /** the input's maxLength attribute; default: the schema's `.max()` of the field (defineFields reads it) */
  maxLength?: number;
  /** i18n key (or message with values) of a line under the input: what an empty value means, or the
   *  rule's limit; default for a text input: its rule's limiting message (domain/messages.ts limitMessageOf) */
  helper?: string;
}

/** A field the API answers but the form does not edit (a name looked up, a status). */
export interface DisplayFieldSpec extends FieldCommon {
  source: string;
  input: false;
}

export type FieldSpec<K extends string = string> = InputFieldSpec<K> | DisplayFieldSpec;

/** An input field with what `defineFields` derived from the schema. */
export type ResolvedInputField = InputFieldSpec & { required: boolean };

/** A list's order: a field and a direction (react-admin's SortPayload, the API's `sort`). */
export interface ListSort {
  field: string;
  order: 'ASC' | 'DESC';
}

export interface FieldSet<S extends z.ZodObject = z.ZodObject> {
  /** the react-admin resource (= access-table name) the fields belong to, when one */
  resource?: string;
  /**
   * The field that names a record: its list cell is the link to the record, and it is the first
   * line of a row in the compact (phone) list. Default: the first column.
   */
  primary?: string;
  /** the second line of a row in the compact list (joined with ' · '); default: the other columns' text fields */
  secondary?: readonly string[];
  /** sorts the API accepts besides the sortable fields (a default order that is no column: createdAt) */
  sorts?: readonly string[];
  /** the list's order when it opens, and the API's when a request names none */
  sort?: ListSort;
  /**
   * The i18n prefix of the list's texts: `<texts>.empty` and `<texts>.loadMore`, and where the list
   * shows them `<texts>.count`, `<texts>.search`, `<texts>.filters` (SchemaList).
   */
  texts?: string;
  /** the list's filter form over a large table (domain/filters.ts), applied with a button; small lists filter live on the fields' `filter` flags */
  filterForm?: FilterSet;
  /** the API's schema (strict): the rules */
  schema: S;
  /**
   * The form's schema: the same rules per field, unknown keys dropped (a record carries id,
   * timestamps…) and a missing value read as empty, so an untouched or null field gets the
   * field's own message rather than a type error.
   */
  formSchema: z.ZodType<Record<string, unknown>>;
  fields: readonly FieldSpec[];
  inputs: readonly ResolvedInputField[];
  /** initial values of a new record */
  defaults: Record<string, string | boolean>;
}

/** The kinds typed as free text, whose limits a helper line states. */
const TEXT_KINDS = new Set(['text', 'email', 'phone']);

const emptyOf = (field: InputFieldSpec) => (field.kind === 'boolean' ? false : '');

/**
 * Declares the fields of `schema`. Every schema key needs a declaration (a form would silently
 * miss it otherwise); input fields must be schema keys (checked by the type, and at load).
 */
export function defineFields<S extends z.ZodObject>(
  schema: S,
  fields: ReadonlyArray<FieldSpec<Extract<keyof S['shape'], string>>>,
  options: { resource?: string; primary?: Extract<keyof S['shape'], string> | string; secondary?: readonly string[]; sorts?: readonly string[]; sort?: ListSort; texts?: string; filterForm?: FilterSet } = {},
): FieldSet<S> {
  const shape = schema.shape as Record<string, z.ZodType>;
  // an input's maxLength is its rule's `.max()` unless declared (a pattern such as {5,16} has none to read);
  // a text input's helper line states its rule's limit unless declared (issue 43: never only after a refusal)
  const withLimits = (fields as readonly FieldSpec[]).map((field) => {
    if (field.input === false || !(field.source in shape)) return field;
    const maxLength = field.maxLength ?? maxLengthOf(shape[field.source]);
    const helper = field.helper ?? (TEXT_KINDS.has(field.kind ?? 'text') ? limitMessageOf(shape[field.source]) : undefined);
    return { ...field, ...(maxLength === undefined ? {} : { maxLength }), ...(helper === undefined ? {} : { helper }) };
  });
  const inputSpecs = withLimits.filter((field): field is InputFieldSpec => field.input !== false);
  for (const field of inputSpecs) if (!(field.source in shape)) throw new Error(`Field "${field.source}" has an input but is not in the schema`);
  for (const key of Object.keys(shape)) if (!inputSpecs.some((field) => field.source === key)) throw new Error(`Schema key "${key}" has no field declaration`);
  // money and days are filtered as ranges, typed in the user's language and zone: a filter form's kinds (domain/filters.ts)
  for (const field of withLimits) if (field.filter && ['money', 'date', 'datetime'].includes(field.kind ?? 'text')) throw new Error(`Field "${field.source}": filter ${field.kind} values with a filter form (domain/filters.ts)`);
  for (const source of [options.primary, ...(options.secondary ?? [])]) {
    if (source !== undefined && !(fields as readonly FieldSpec[]).some((field) => field.source === source)) throw new Error(`"${source}" is not a declared field`);
  }

  const formShape = Object.fromEntries(inputSpecs.map((field) => [field.source, z.preprocess((value) => value ?? emptyOf(field), shape[field.source])]));
  const formSchema = z.object(formShape) as unknown as z.ZodType<Record<string, unknown>>;
  const inputs = inputSpecs.map((field) => ({
    ...field,
    // required when the empty value breaks the rule (a flag or an optional select does not)
    required: !shape[field.source].safeParse(emptyOf(field)).success,
  }));
  const defaults = Object.fromEntries(inputSpecs.map((field) => [field.source, field.defaultValue ?? emptyOf(field)]));
  return { resource: options.resource, primary: options.primary, secondary: options.secondary, sorts: options.sorts, sort: options.sort, texts: options.texts, filterForm: options.filterForm, schema, formSchema, fields: withLimits, inputs, defaults };
}

const NUMBER_KINDS = new Set(['number', 'money', 'percent']);

/**
 * The record the API answers for a declared resource: every input field under its name, typed as
 * its rule's output but checked only by its kind (a value stored under an older rule is still
 * answered), and the record's own keys (`own`: id, timestamps, looked-up names).
 */
export function recordSchemaOf<S extends z.ZodObject, E extends z.ZodRawShape>(set: FieldSet<S>, own: E) {
  const shape = set.schema.shape as Record<string, z.ZodType>;
  const fields = Object.fromEntries(
    set.inputs.map((field) => {
      const kind = field.kind ?? 'text';
      const plain = kind === 'boolean' ? z.boolean() : NUMBER_KINDS.has(kind) ? z.number() : z.string();
      return [field.source, shape[field.source].safeParse(null).success ? plain.nullable() : plain];
    }),
  );
  // every key is present (an absent optional field is answered null): a value is never undefined
  return z.object({ ...fields, ...own }) as unknown as z.ZodObject<{ -readonly [K in keyof S['shape']]: z.ZodType<Exclude<z.output<S['shape'][K]>, undefined>> } & E>;
}

/** A list filter's text (search box, code, name): at most this many characters. */
export const FILTER_TEXT_MAX = 100;
/** The text rule (domain/text.ts: one line, trimmed, NFC); empty is no filter. */
export const filterTextSchema = textField({ max: FILTER_TEXT_MAX, min: 0 });
/** The ids of a reference lookup (react-admin's getMany): at most this many. */
export const FILTER_IDS_MAX = 100;
export const filterIdsSchema = <T extends z.ZodType>(id: T) => z.array(id).max(FILTER_IDS_MAX, maxItemsMessage(FILTER_IDS_MAX));

export const columnFields = (set: FieldSet) => set.fields.filter((field) => field.column);
/** The field whose list cell links to the record (declared `primary`, else the first column). */
export const primaryField = (set: FieldSet): FieldSpec | undefined =>
  set.fields.find((field) => field.source === set.primary) ?? columnFields(set)[0];
/** The fields of the compact row's second line. */
export const secondaryFields = (set: FieldSet): FieldSpec[] => {
  const primary = primaryField(set);
  if (set.secondary) return set.secondary.map((source) => set.fields.find((field) => field.source === source)!);
  return columnFields(set).filter((field) => field !== primary && (field.kind ?? 'text') === 'text');
};
/**
 * The sorts a list accepts, from its declaration: the sortable fields, the declared extra
 * `sorts` and the default `sort`. The API's list route refuses any other (server/lib/list-query.ts `declaredSorts`), so
 * a column cannot be sortable on screen and refused by the server.
 */
export const sortFields = (set: FieldSet): string[] => [...new Set([...set.fields.filter((field) => field.sortable).map((field) => field.source), ...(set.sorts ?? []), ...(set.sort ? [set.sort.field] : [])])];
export const filterFields = (set: FieldSet) => set.fields.filter((field) => field.filter);

/**
 * What a declared filter field accepts, by its kind: one of a choice's ids, a record's id, a flag
 * (a file's: with or without one), a number (money in cents, a count, a percentage), or a text of at
 * most FILTER_TEXT_MAX. Ranges and days are the filter forms' (domain/filters.ts).
 */
const filterRule = (field: FieldSpec): z.ZodType => {
  if (field.kind === 'select' && field.choices?.length) return z.enum(field.choices.map((choice) => choice.id) as [string, ...string[]]);
  if (field.kind === 'reference') return z.uuid();
  if (field.kind === 'boolean' || field.kind === 'file') return z.boolean();
  if (field.kind === 'number' || field.kind === 'percent') return z.number().finite();
  return filterTextSchema;
};

/**
 * The filter a declared list's API accepts: every declared filter field by its kind, and the
 * list's own parameters that are no field (`extra`: the search `q`, the ids of a lookup). Any
 * other key is refused (400), so a filter shown on screen is one the API applies.
 */
export function declaredFilter<E extends z.ZodRawShape>(set: FieldSet, extra: E) {
  const declared = Object.fromEntries(filterFields(set).map((field) => [field.source, filterRule(field).optional()]));
  return z.object({ ...declared, ...extra }).strict();
}
export const showFields = (set: FieldSet) => set.fields.filter((field) => field.show !== false);
export const inputFields = (set: FieldSet, group?: string) => set.inputs.filter((field) => group === undefined || field.group === group);

/** The names of the fields of a group, in order (a form step's fields). */
export const groupSources = (set: FieldSet, group: string) => inputFields(set, group).map((field) => field.source);
