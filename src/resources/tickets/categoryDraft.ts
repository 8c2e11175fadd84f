import { get, set, type FieldErrors, type Resolver } from 'react-hook-form';
import { LANGUAGES } from '../../../domain/constants';
import { ticketCategoryBodySchema, type TicketCategory } from '../../../domain/schemas/tickets';
import { readTicketNumber, type LocalizedText, type TicketCategoryBody, type TicketFieldDefinition, type TicketFieldType } from '../../../domain/tickets';

/** Texts as the form holds them: every language a string ('' = none). */
export type TextDraft = Record<(typeof LANGUAGES)[number], string>;

export interface OptionDraft {
  id: string;
  label: TextDraft;
  retired: boolean;
}

export interface FieldDraft {
  id: string;
  type: TicketFieldType;
  label: TextDraft;
  /** kept as defined (not edited here) */
  help?: LocalizedText;
  required: boolean;
  internal: boolean;
  options: OptionDraft[];
  limits: { minLength: string; maxLength: string; min: string; max: string; integer: boolean; minDate: string; maxDate: string };
}

export interface CategoryDraft {
  name: TextDraft;
  active: boolean;
  fields: FieldDraft[];
}

export const CHOICE_TYPES: readonly TicketFieldType[] = ['dropdown', 'radio'];
export const LENGTH_TYPES: readonly TicketFieldType[] = ['text', 'textArea'];
export const DATE_TYPES: readonly TicketFieldType[] = ['date', 'dateTime'];

const textDraft = (text?: Partial<LocalizedText>): TextDraft => Object.fromEntries(LANGUAGES.map((language) => [language, text?.[language] ?? ''])) as TextDraft;
const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));

export const emptyOption = (): OptionDraft => ({ id: '', label: textDraft(), retired: false });

export const emptyField = (): FieldDraft => ({
  id: '',
  type: 'text',
  label: textDraft(),
  required: false,
  internal: false,
  options: [],
  limits: { minLength: '', maxLength: '', min: '', max: '', integer: false, minDate: '', maxDate: '' },
});

export function categoryDraft(category?: TicketCategory): CategoryDraft {
  if (!category) return { name: textDraft(), active: true, fields: [] };
  return {
    name: textDraft(category.name),
    active: category.active,
    fields: category.fields.map((field) => ({
      id: field.id,
      type: field.type,
      label: textDraft(field.label),
      help: field.help,
      required: field.required,
      internal: field.internal,
      options: (field.options ?? []).map((option) => ({ id: option.id, label: textDraft(option.label), retired: option.retired })),
      limits: {
        minLength: numberText(field.limits?.minLength),
        maxLength: numberText(field.limits?.maxLength),
        min: numberText(field.limits?.min),
        max: numberText(field.limits?.max),
        integer: field.limits?.integer ?? false,
        minDate: field.limits?.minDate ?? '',
        maxDate: field.limits?.maxDate ?? '',
      },
    })),
  };
}

/** Italian and English as typed; the other languages only when written. */
function textBody(text: TextDraft): LocalizedText {
  const out: Record<string, string> = { it: text.it, en: text.en };
  for (const language of LANGUAGES) if (language !== 'it' && language !== 'en' && text[language].trim() !== '') out[language] = text[language];
  return out as LocalizedText;
}

/** A typed number as a number; text that is not one stays, for the schema to refuse. */
const typedNumber = (text: string): number | string | undefined => (text.trim() === '' ? undefined : (readTicketNumber(text) ?? text.trim()));

/** The limits a type has (the others are not sent). */
function limitsBody(field: FieldDraft): TicketFieldDefinition['limits'] {
  const l = field.limits;
  const out: Record<string, unknown> = {};
  if (LENGTH_TYPES.includes(field.type)) Object.assign(out, { minLength: typedNumber(l.minLength), maxLength: typedNumber(l.maxLength) });
  if (field.type === 'number') Object.assign(out, { min: typedNumber(l.min), max: typedNumber(l.max), integer: l.integer || undefined });
  if (DATE_TYPES.includes(field.type)) Object.assign(out, { minDate: l.minDate || undefined, maxDate: l.maxDate || undefined });
  const set = Object.fromEntries(Object.entries(out).filter(([, value]) => value !== undefined));
  return Object.keys(set).length > 0 ? (set as TicketFieldDefinition['limits']) : undefined;
}

/** The form → the API's category body (what ticketCategoryBodySchema checks). */
export function categoryBody(draft: CategoryDraft): TicketCategoryBody {
  return {
    name: textBody(draft.name),
    active: draft.active,
    fields: draft.fields.map((field) => ({
      id: field.id.trim(),
      type: field.type,
      label: textBody(field.label),
      ...(field.help && { help: field.help }),
      required: field.required,
      internal: field.internal,
      ...(CHOICE_TYPES.includes(field.type) && { options: field.options.map((option) => ({ id: option.id.trim(), label: textBody(option.label), retired: option.retired })) }),
      ...(limitsBody(field) && { limits: limitsBody(field) }),
    })),
  };
}

/**
 * The category form's check: the body the form makes, read by the API's own schema
 * (ticketCategoryBodySchema); each message lands on the input at its path (`fields.2.options`,
 * `name.en`…), a message about the whole field list on `fields.root`.
 */
export const categoryResolver: Resolver<CategoryDraft> = (values) => {
  const parsed = ticketCategoryBodySchema.safeParse(categoryBody(values));
  if (parsed.success) return { values: parsed.data as unknown as CategoryDraft, errors: {} };
  const errors: FieldErrors<CategoryDraft> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    const name = path.length === 1 && path[0] === 'fields' ? 'fields.root' : path.join('.');
    // the first message of an input is its own; zod's built-in English (a number expected) reads as "invalid value"
    if (!name || get(errors, name)) continue;
    set(errors, name, { type: issue.code, message: /^[\w.-]+(\?\S*)?$/.test(issue.message) ? issue.message : 'validation.invalid' });
  }
  return { values: {}, errors };
};
