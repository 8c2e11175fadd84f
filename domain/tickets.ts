import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from './constants';
import { isRealDateTime } from './dates';
import type { ChoiceTone, FieldChoice } from './fields';
import { fileTooLargeMessage, maxLengthMessage, messageWith, numberMinMessage, numberRangeMessage, VALIDATION_MESSAGES } from './messages';
import { optionalTextField, textField } from './text';
import { uploadedFileSchema } from './uploads';

/**
 * Support tickets (SPEC §3, §4; issue 20): statuses, priorities, who moves a ticket where, the
 * categories' field definitions and the one zod schema an answer is validated with (the SPA's
 * form and the server), and the attachment rules. The server enforces them
 * (server/modules/tickets), the screens read them (src/resources/tickets).
 */

// ---------------------------------------------------------------- statuses

/**
 * SPEC §4's nine statuses. Open ones take messages; COMPLETED and DISCARDED are closed (a
 * reopen brings them back to ON_GOING).
 */
export const TICKET_STATUSES = [
  'TO_DO',
  'ANSWER_SENT',
  'ON_GOING',
  'INTERNAL_VERIFICATION',
  'WAITING_FOR_CUSTOMER',
  'WAITING_FOR_SUPPLIER',
  'SUSPENDED',
  'COMPLETED',
  'DISCARDED',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_CLOSED_STATUSES: readonly TicketStatus[] = ['COMPLETED', 'DISCARDED'];
export const isTicketClosed = (status: TicketStatus) => TICKET_CLOSED_STATUSES.includes(status);

/** SPEC §4 badge colours: green completed, yellow in progress, red discarded, transparent to do. */
export const TICKET_STATUS_TONES: Record<TicketStatus, ChoiceTone> = {
  TO_DO: 'transparent',
  ANSWER_SENT: 'yellow',
  ON_GOING: 'yellow',
  INTERNAL_VERIFICATION: 'yellow',
  WAITING_FOR_CUSTOMER: 'yellow',
  WAITING_FOR_SUPPLIER: 'yellow',
  SUSPENDED: 'grey',
  COMPLETED: 'green',
  DISCARDED: 'red',
};
export const ticketStatusKey = (status: TicketStatus) => `tickets.status.${status}`;
export const TICKET_STATUS_CHOICES: readonly FieldChoice[] = TICKET_STATUSES.map((id) => ({ id, name: ticketStatusKey(id), tone: TICKET_STATUS_TONES[id] }));

/** SPEC §4: Basso, Medio, Alto, Bloccante. */
export const TICKET_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'BLOCKING'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_PRIORITY_TONES: Record<TicketPriority, ChoiceTone> = { LOW: 'transparent', MEDIUM: 'grey', HIGH: 'yellow', BLOCKING: 'red' };
export const ticketPriorityKey = (priority: TicketPriority) => `tickets.priority.${priority}`;
export const TICKET_PRIORITY_CHOICES: readonly FieldChoice[] = TICKET_PRIORITIES.map((id) => ({ id, name: ticketPriorityKey(id), tone: TICKET_PRIORITY_TONES[id] }));

/** Who wrote a message or moved a ticket: the customer's side (the ticket's company subtree) or provider staff. */
export const TICKET_SIDES = ['CUSTOMER', 'PROVIDER'] as const;
export type TicketSide = (typeof TICKET_SIDES)[number];

/**
 * What a viewer may ask of a ticket (routes tickets/{id}/<action>; delete is DELETE):
 * - reply: a message (with attachments) on an open, not deleted ticket; both sides;
 * - status: set any status but the current one (provider staff; closing included);
 * - reopen: a closed ticket back to ON_GOING (both sides);
 * - delete: soft, the customer's side and provider staff, not already deleted;
 * - restore: a deleted ticket back (provider staff);
 * - internal: edit the internal fields' answers (provider staff).
 */
export const TICKET_ACTIONS = ['reply', 'status', 'reopen', 'delete', 'restore', 'internal'] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

export const TICKET_REOPEN_STATUS: TicketStatus = 'ON_GOING';

export interface TicketState {
  status: TicketStatus;
  deleted: boolean;
}

/** The actions `side` may take on a ticket now (the server answers them as `actions`; it refuses the rest). */
export function ticketActionsFor(ticket: TicketState, side: TicketSide): TicketAction[] {
  if (ticket.deleted) return side === 'PROVIDER' ? ['restore'] : [];
  const closed = isTicketClosed(ticket.status);
  const out: TicketAction[] = [];
  if (!closed) out.push('reply');
  if (side === 'PROVIDER') out.push('status');
  if (closed) out.push('reopen');
  out.push('delete');
  if (side === 'PROVIDER') out.push('internal');
  return out;
}

/**
 * The status a ticket moves to when `side` writes a message on it, unless provider staff set one
 * in the same request: a customer's reply to a ticket waiting for them (or answered) puts it back
 * to ON_GOING; provider staff's first answer on a TO_DO ticket makes it ANSWER_SENT. Otherwise
 * the status stays.
 */
export function ticketStatusAfterMessage(status: TicketStatus, side: TicketSide): TicketStatus {
  if (side === 'CUSTOMER' && (status === 'WAITING_FOR_CUSTOMER' || status === 'ANSWER_SENT')) return 'ON_GOING';
  if (side === 'PROVIDER' && status === 'TO_DO') return 'ANSWER_SENT';
  return status;
}

// ---------------------------------------------------------------- category fields

/** SPEC §3's ticket field types. */
export const TICKET_FIELD_TYPES = ['text', 'textArea', 'number', 'email', 'file', 'dropdown', 'radio', 'dateTime', 'date'] as const;
export type TicketFieldType = (typeof TICKET_FIELD_TYPES)[number];

export const TICKET_LIMITS = {
  descriptionMax: 5000,
  messageMax: 5000,
  textMax: 500,
  textAreaMax: 5000,
  emailMax: 254,
  fieldsPerCategory: 30,
  optionsPerField: 50,
  labelMax: 120,
  /** attachments in one request (a ticket's creation or a message), file fields included */
  filesPerPost: 5,
  fileBytes: MAX_UPLOAD_BYTES,
} as const;

/** A text in every offered language: Italian and English required (SPEC §1: they have texts), the others optional. */
export const localizedTextSchema = z
  .object({
    it: textField({ max: TICKET_LIMITS.labelMax }),
    en: textField({ max: TICKET_LIMITS.labelMax }),
    es: optionalTextField({ max: TICKET_LIMITS.labelMax }),
    fr: optionalTextField({ max: TICKET_LIMITS.labelMax }),
    de: optionalTextField({ max: TICKET_LIMITS.labelMax }),
  })
  .strict();
export type LocalizedText = z.infer<typeof localizedTextSchema>;

// the rule that reads a localized text lives apart from the schemas (the SPA's registry reads it)
export { LOCALIZED_FALLBACK_LANGUAGE, localized } from './localized';

/**
 * A number typed in a number field or a limit: decimal comma or point, never grouped (it is often
 * an identifier or a code, "4.711" is not 4711; the SPA shows them so, TicketInfo formatAnswerNumber);
 * null when the text is not one (the schema then refuses it as typed).
 */
export function readTicketNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

/** A field id or option id: stable across versions (answers are keyed by it). */
export const TICKET_FIELD_ID_MAX = 40;
const slug = z.string().regex(new RegExp(`^[a-z][a-zA-Z0-9_]{0,${TICKET_FIELD_ID_MAX - 1}}$`), messageWith('validation.ticketFieldId', { max: TICKET_FIELD_ID_MAX }));

export const ticketFieldOptionSchema = z
  .object({
    id: slug,
    label: localizedTextSchema,
    /** retired: no longer offered, kept so the tickets that chose it still read it */
    retired: z.boolean().default(false),
  })
  .strict();

export const ticketFieldLimitsSchema = z
  .object({
    /** text, textArea: length */
    minLength: z.number().int().min(0, numberMinMessage(0)).optional(),
    maxLength: z.number().int().min(1, numberMinMessage(1)).optional(),
    /** number: value; integer only when `integer` */
    min: z.number().optional(),
    max: z.number().optional(),
    integer: z.boolean().optional(),
    /** date, dateTime: 'YYYY-MM-DD' bounds (a dateTime on the bound day is in) */
    minDate: z.iso.date().optional(),
    maxDate: z.iso.date().optional(),
  })
  .strict();

export const ticketFieldDefinitionSchema = z
  .object({
    id: slug,
    type: z.enum(TICKET_FIELD_TYPES),
    label: localizedTextSchema,
    help: localizedTextSchema.optional(),
    required: z.boolean().default(false),
    /** never shown to the customer, never in their e-mails; answered by provider staff on the ticket's page */
    internal: z.boolean().default(false),
    /** dropdown, radio: at least one option not retired */
    options: z.array(ticketFieldOptionSchema).max(TICKET_LIMITS.optionsPerField, messageWith('validation.maxItems', { max: TICKET_LIMITS.optionsPerField })).optional(),
    limits: ticketFieldLimitsSchema.optional(),
  })
  .strict()
  .superRefine((field, ctx) => {
    const choice = field.type === 'dropdown' || field.type === 'radio';
    if (choice && !(field.options ?? []).some((o) => !o.retired)) ctx.addIssue({ code: 'custom', path: ['options'], message: 'validation.ticketOptionsRequired' });
    if (!choice && field.options?.length) ctx.addIssue({ code: 'custom', path: ['options'], message: VALIDATION_MESSAGES.invalid });
    const ids = (field.options ?? []).map((o) => o.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'validation.ticketDuplicateId' });
    const l = field.limits;
    if (l?.minLength !== undefined && l.maxLength !== undefined && l.minLength > l.maxLength) ctx.addIssue({ code: 'custom', path: ['limits'], message: VALIDATION_MESSAGES.invalid });
    if (l?.min !== undefined && l.max !== undefined && l.min > l.max) ctx.addIssue({ code: 'custom', path: ['limits'], message: VALIDATION_MESSAGES.invalid });
    if (l?.minDate !== undefined && l.maxDate !== undefined && l.minDate > l.maxDate) ctx.addIssue({ code: 'custom', path: ['limits'], message: VALIDATION_MESSAGES.dateRange });
  });
export type TicketFieldDefinition = z.infer<typeof ticketFieldDefinitionSchema>;

/** A category's definition: what provider staff write; each save is a new version. */
export const ticketCategoryBodySchema = z
  .object({
    name: localizedTextSchema,
    fields: z
      .array(ticketFieldDefinitionSchema)
      .max(TICKET_LIMITS.fieldsPerCategory, messageWith('validation.maxItems', { max: TICKET_LIMITS.fieldsPerCategory }))
      .superRefine((fields, ctx) => {
        const ids = fields.map((f) => f.id);
        if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'validation.ticketDuplicateId' });
      }),
    /** an inactive category is not offered for new tickets; its tickets keep it */
    active: z.boolean().default(true),
  })
  .strict();
export type TicketCategoryBody = z.infer<typeof ticketCategoryBodySchema>;

/**
 * Why a new version may not replace `previous` (an i18n key with the field or option id), or
 * null: a field keeps its type, and an option that existed stays (retired or not), so every
 * ticket's answer still reads. Fields may be added or removed (the tickets that have them keep
 * their version).
 */
export function ticketCategoryChangeRefusal(previous: readonly TicketFieldDefinition[], next: readonly TicketFieldDefinition[]): string | null {
  for (const before of previous) {
    const after = next.find((f) => f.id === before.id);
    if (!after) continue;
    if (after.type !== before.type) return messageWith('validation.ticketFieldTypeChanged', { field: before.id });
    for (const option of before.options ?? []) {
      if (!(after.options ?? []).some((o) => o.id === option.id)) return messageWith('validation.ticketOptionRemoved', { option: option.id });
    }
  }
  return null;
}

// ---------------------------------------------------------------- answers

/** SPEC §3 "File to upload": `{ type, name, content }`, content base64 without the data-URL prefix. */
export const ticketFileSchema = uploadedFileSchema;
export type TicketFile = z.infer<typeof ticketFileSchema>;

/** Who fills the answers: the customer's form has no internal field; staff's internal form has only those. */
export type TicketAnswerAudience = 'customer' | 'internal';

const empty = (value: unknown) => value === undefined || value === null || value === '';
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The most characters a text or text-area answer takes: the field's own limit, within the type's cap. */
export function answerMaxLength(field: Pick<TicketFieldDefinition, 'type' | 'limits'>): number {
  return Math.min(field.limits?.maxLength ?? Infinity, field.type === 'text' ? TICKET_LIMITS.textMax : TICKET_LIMITS.textAreaMax);
}

function answerSchema(field: TicketFieldDefinition): z.ZodType {
  const l = field.limits ?? {};
  switch (field.type) {
    case 'text':
    case 'textArea': {
      const max = answerMaxLength(field);
      // a text answer fits on one line; a textArea's may span lines
      let s = textField({ max, min: 0, multiline: field.type === 'textArea' });
      if (l.minLength) s = s.min(l.minLength, messageWith('validation.minLength', { min: l.minLength }));
      return s;
    }
    case 'email':
      return z.email('validation.email').max(TICKET_LIMITS.emailMax, maxLengthMessage(TICKET_LIMITS.emailMax));
    case 'number': {
      let s = z.number('validation.ticketNumber');
      if (l.integer) s = s.int('validation.ticketInteger');
      const min = l.min ?? -Infinity;
      const max = l.max ?? Infinity;
      const range = numberRangeMessage(Number.isFinite(min) ? min : -1e15, Number.isFinite(max) ? max : 1e15);
      if (Number.isFinite(min)) s = s.min(min, range);
      if (Number.isFinite(max)) s = s.max(max, range);
      return s.finite('validation.ticketNumber');
    }
    case 'date':
    case 'dateTime': {
      const base = field.type === 'date' ? z.iso.date('validation.ticketDate') : z.string('validation.ticketDateTime').regex(DATE_TIME, 'validation.ticketDateTime').refine(isRealDateTime, 'validation.ticketDateTime');
      return base.refine((value) => {
        const day = value.slice(0, 10);
        return (!l.minDate || day >= l.minDate) && (!l.maxDate || day <= l.maxDate);
      }, messageWith('validation.ticketDateRange', { min: l.minDate ?? '', max: l.maxDate ?? '' }));
    }
    case 'dropdown':
    case 'radio': {
      const offered = (field.options ?? []).filter((o) => !o.retired).map((o) => o.id);
      return z.string(VALIDATION_MESSAGES.invalid).refine((value) => offered.includes(value), VALIDATION_MESSAGES.invalid);
    }
    case 'file':
      return ticketFileSchema;
  }
}

/**
 * The one schema a ticket's answers are validated with, built from its category version's
 * fields: an object keyed by field id, each value of its type (text and textArea strings,
 * number a number, email an address, date 'YYYY-MM-DD', dateTime ISO with offset, dropdown and
 * radio an offered option id, file a {@link ticketFileSchema}). A required field must be
 * answered; an optional one may be absent, null or ''. Unknown keys are refused. The customer's
 * form ('customer') has no internal field; staff's internal form ('internal') only those.
 * Used by the SPA's form (react-hook-form resolver) and by the server on the request.
 */
export function ticketAnswersSchema(fields: readonly TicketFieldDefinition[], audience: TicketAnswerAudience) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    if (field.internal !== (audience === 'internal')) continue;
    const schema = answerSchema(field);
    const answered = z.preprocess((v) => (empty(v) || (typeof v === 'string' && v.trim() === '') ? undefined : v), z.any());
    shape[field.id] = field.required
      ? answered.refine((v) => v !== undefined, VALIDATION_MESSAGES.required).pipe(schema)
      : answered.pipe(schema.optional());
  }
  return z.object(shape).strict();
}

/** A stored answer: files are replaced by their attachment's id and name. */
export type TicketAnswerValue = string | number | { attachmentId: string; name: string; size: number };

// ---------------------------------------------------------------- attachments

/**
 * SPEC §5: JPG, PNG, PDF, TXT, RTF, CSV, XLS, XLSX, at most 5 MB each. For each extension: the
 * declared types a browser or mail client legitimately sends for it (empty and
 * application/octet-stream mean "the browser did not know" and are accepted for every
 * extension), and the content its bytes must show (`sniff`, checked by the server).
 */
export const TICKET_ATTACHMENT_RULES = {
  jpg: { types: ['image/jpeg', 'image/pjpeg'], sniff: 'jpeg' },
  jpeg: { types: ['image/jpeg', 'image/pjpeg'], sniff: 'jpeg' },
  png: { types: ['image/png', 'image/x-png'], sniff: 'png' },
  pdf: { types: ['application/pdf', 'application/x-pdf', 'application/acrobat'], sniff: 'pdf' },
  txt: { types: ['text/plain'], sniff: 'text' },
  rtf: { types: ['application/rtf', 'text/rtf', 'application/x-rtf', 'text/richtext'], sniff: 'rtf' },
  csv: {
    types: ['text/csv', 'text/plain', 'application/csv', 'application/x-csv', 'text/x-csv', 'text/comma-separated-values', 'text/x-comma-separated-values', 'application/vnd.ms-excel'],
    sniff: 'text',
  },
  xls: { types: ['application/vnd.ms-excel', 'application/msexcel', 'application/x-msexcel', 'application/x-excel', 'application/excel', 'application/x-ms-excel'], sniff: 'ole2' },
  xlsx: { types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip', 'application/x-zip-compressed'], sniff: 'xlsx' },
} as const satisfies Record<string, { types: readonly string[]; sniff: 'jpeg' | 'png' | 'pdf' | 'text' | 'rtf' | 'ole2' | 'xlsx' }>;
export type TicketAttachmentExtension = keyof typeof TICKET_ATTACHMENT_RULES;
export const TICKET_ATTACHMENT_EXTENSIONS = Object.keys(TICKET_ATTACHMENT_RULES) as TicketAttachmentExtension[];
/** The file picker's `accept`, and the list shown before a file is picked. */
export const TICKET_ATTACHMENT_ACCEPT = TICKET_ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const TICKET_ATTACHMENT_LABEL = 'JPG, PNG, PDF, TXT, RTF, CSV, XLS, XLSX';

export const ticketFileExtension = (name: string): string => (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase();

/**
 * The check a browser can make before sending (extension and declared type); the server makes
 * it again and checks the bytes. Null when fine, else the message key.
 */
export function ticketFileRefusal(file: { name: string; type: string; size: number }): string | null {
  const ext = ticketFileExtension(file.name);
  if (!(ext in TICKET_ATTACHMENT_RULES)) return 'validation.ticketFileType';
  const declared = file.type.split(';')[0].trim().toLowerCase();
  const rule = TICKET_ATTACHMENT_RULES[ext as TicketAttachmentExtension];
  if (declared !== '' && declared !== 'application/octet-stream' && !(rule.types as readonly string[]).includes(declared)) return 'validation.ticketFileType';
  if (file.size > TICKET_LIMITS.fileBytes) return fileTooLargeMessage(TICKET_LIMITS.fileBytes);
  return null;
}
