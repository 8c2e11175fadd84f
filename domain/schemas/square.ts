import { z } from 'zod';
import { defineFields, type DisplayFieldSpec, type FieldSet } from '../fields';
import { maxLengthMessage, messageWith, VALIDATION_MESSAGES } from '../messages';
import { uploadedFileSchema } from '../uploads';
import {
  SQUARE_CODE_ACTIVITIES,
  SQUARE_CODE_STATE_CHOICES,
  SQUARE_CODE_STATES,
  SQUARE_COMMUNICATION_STATE_CHOICES,
  SQUARE_COMMUNICATION_STATES,
  SQUARE_CSV_COLUMNS,
  SQUARE_LIMITS,
  SQUARE_ORDER_ACTIONS,
  SQUARE_ORDER_STATE_CHOICES,
  SQUARE_ORDER_STATES,
  SQUARE_TYPOLOGIES,
  SQUARE_TYPOLOGY_CHOICES,
} from '../square';

/**
 * The square API's records and bodies (issue 19), and the fields the lists show. Paths, under
 * /api/company/{companyId}/square/ (server/modules/square/README.md):
 *
 *   GET    orders                       list (filter: status, typology, q = order number or referent e-mail)
 *   GET    orders/template              the recipients CSV template, in the caller's language
 *   POST   orders/validate              { typology, file } → SquareValidation; nothing written
 *   POST   orders                       { host, referentEmail, typology, validMonths, file, acceptWarnings }
 *                                       → 201 SquareOrder (PENDING); 400 SQUARE_ROWS_INVALID with the validation
 *   GET    orders/{id}                  SquareOrder (its progress while a job works, the viewer's actions)
 *   POST   orders/{id}/confirm|approve|activate|cancel   → SquareOrder
 *   DELETE orders/{id}                  a draft
 *   GET    orders/{id}/reconciliation   CSV: every code with its recipient, state and last delivery
 *   GET    codes                        list (filter: status, orderId, typology, q = a whole code, or part of an e-mail)
 *   GET    codes/{id}                   SquareCode with its activity
 *   GET    communications               list (filter: status, orderId, q = recipient)
 *   POST   communications/{id}/resend   → SquareCommunication (a new attempt, retry number + 1)
 */

const iso = z.string();
const isoOrNull = z.string().nullable();

/** Upload (SPEC §3): `{ type, name, content }`, content base64 without the data-URL prefix. */
export const squareFileSchema = uploadedFileSchema;

export const squareValidateBodySchema = z.object({ typology: z.enum(SQUARE_TYPOLOGIES, VALIDATION_MESSAGES.required), file: squareFileSchema }).strict();
export type SquareValidateBody = z.infer<typeof squareValidateBodySchema>;

/** An order's host name: its length (a DNS name is at most 253 characters), said in its message. */
export const SQUARE_HOST_LENGTH = { min: 3, max: 253 } as const;
const hostMessage = messageWith('validation.squareHost', { min: SQUARE_HOST_LENGTH.min, max: SQUARE_HOST_LENGTH.max });
const validMonthsMessage = messageWith('validation.squareValidMonths', { min: SQUARE_LIMITS.validMonthsMin, max: SQUARE_LIMITS.validMonthsMax });
/**
 * The rejected lines CSV's added column: the recipients file's columns are the parser's own
 * names in every language (`email`, `firstName`…, SQUARE_CSV_COLUMNS), so the reason column is
 * named the same way rather than translated.
 */
export const SQUARE_REJECTED_REASON_COLUMN = 'reason';

export const squareOrderCreateSchema = z
  .object({
    host: z.string().trim().min(SQUARE_HOST_LENGTH.min, hostMessage).max(SQUARE_HOST_LENGTH.max, hostMessage).regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, hostMessage),
    referentEmail: z.email('validation.email').max(SQUARE_LIMITS.maxEmailLength, maxLengthMessage(SQUARE_LIMITS.maxEmailLength)),
    typology: z.enum(SQUARE_TYPOLOGIES, VALIDATION_MESSAGES.required),
    validMonths: z.number(VALIDATION_MESSAGES.invalid).int(VALIDATION_MESSAGES.invalid).min(SQUARE_LIMITS.validMonthsMin, validMonthsMessage).max(SQUARE_LIMITS.validMonthsMax, validMonthsMessage),
    file: squareFileSchema,
    /** the warnings of the file's validation were read and accepted (recipients with a live code of this type) */
    acceptWarnings: z.boolean().default(false),
  })
  .strict();
export type SquareOrderCreateBody = z.infer<typeof squareOrderCreateSchema>;

export const squareLineProblemSchema = z.object({
  line: z.number().int(),
  column: z.enum([...SQUARE_CSV_COLUMNS, 'file']),
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** POST orders/validate (and the body of a refused create): what the file would make. */
export const squareValidationSchema = z.object({
  /** lines that would become codes (warnings included) */
  validCount: z.number().int(),
  totalAmountCents: z.number().int(),
  errorCount: z.number().int(),
  warningCount: z.number().int(),
  /** every problem, by line; at most `SQUARE_LIMITS.maxRows` */
  problems: z.array(squareLineProblemSchema),
  /** the cells of each line with an error, by line, as read: the rejected lines offered back as a CSV */
  rejected: z.record(z.string(), z.array(z.string())),
  /** the file's header cells as read, for that CSV */
  header: z.array(z.string()),
  /** whether confirming this order will wait for provider staff's approval */
  approvalRequired: z.boolean(),
});
export type SquareValidation = z.infer<typeof squareValidationSchema>;

export const squareProgressSchema = z.object({ done: z.number().int(), total: z.number().int() }).nullable();

export const squareOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  host: z.string(),
  referentEmail: z.string(),
  typology: z.enum(SQUARE_TYPOLOGIES),
  validMonths: z.number().int(),
  totalAmountCents: z.number().int(),
  totalQuantity: z.number().int(),
  status: z.enum(SQUARE_ORDER_STATES),
  approvalRequired: z.boolean(),
  createdAt: iso,
  createdBy: z.string().nullable(),
  confirmedAt: isoOrNull,
  approvedAt: isoOrNull,
  activatedAt: isoOrNull,
  cancelledAt: isoOrNull,
  /** the running job's progress (rows read, codes minted, activated or deleted), null when none runs */
  progress: squareProgressSchema,
  /** why the last job stopped (an i18n key), null when it did not */
  failure: z.string().nullable(),
  /** communications of the order by state (counts), once it is active */
  deliveries: z.record(z.enum(SQUARE_COMMUNICATION_STATES), z.number().int()).nullable(),
  /** what the viewer may ask of it now (domain/square.ts) */
  actions: z.array(z.enum(SQUARE_ORDER_ACTIONS)),
});
export type SquareOrder = z.infer<typeof squareOrderSchema>;

export const squareCodeActivitySchema = z.object({
  id: z.string(),
  activity: z.enum(SQUARE_CODE_ACTIVITIES),
  fromStatus: z.enum(SQUARE_CODE_STATES).nullable(),
  toStatus: z.enum(SQUARE_CODE_STATES),
  amountCents: z.number().int(),
  at: iso,
  userName: z.string().nullable(),
});

export const squareCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  companyId: z.string(),
  host: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  amountCents: z.number().int(),
  /** what is left of the amount */
  valueCents: z.number().int(),
  typology: z.enum(SQUARE_TYPOLOGIES),
  status: z.enum(SQUARE_CODE_STATES),
  sellDate: isoOrNull,
  activationDate: isoOrNull,
  expireDate: isoOrNull,
  /** the code's e-mail: its state and last answer (null before activation) */
  communicationStatus: z.enum(SQUARE_COMMUNICATION_STATES).nullable(),
  /** the detail only: every state change, oldest first */
  activity: z.array(squareCodeActivitySchema).optional(),
});
export type SquareCode = z.infer<typeof squareCodeSchema>;

export const squareCommunicationSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  codeId: z.string(),
  code: z.string(),
  recipient: z.string(),
  status: z.enum(SQUARE_COMMUNICATION_STATES),
  createdAt: iso,
  sentAt: isoOrNull,
  /** the attempt: 1 for the first sending, + 1 at each resend */
  retryNumber: z.number().int(),
  /** tries of the current attempt so far (temporary refusals retried with backoff) */
  tries: z.number().int(),
  nextAttemptAt: isoOrNull,
  /** the mail server's last answer ("550 5.1.1 User unknown"), or why it could not be reached */
  lastSmtpAnswer: z.string().nullable(),
});
export type SquareCommunication = z.infer<typeof squareCommunicationSchema>;

// ---------------------------------------------------------------- list fields

const none = z.object({}).strict();
const column = (texts: string) => (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label: `${texts}.${label}`, input: false, column: true, ...extra });

const orderColumn = column('square.fields');
export const squareOrderFields = defineFields(
  none,
  [
    orderColumn('orderNumber', 'orderNumber', { sortable: true }),
    orderColumn('createdAt', 'createdAt', { kind: 'datetime', sortable: true }),
    orderColumn('companyName', 'company'),
    orderColumn('typology', 'typology', { kind: 'select', choices: SQUARE_TYPOLOGY_CHOICES, filter: true }),
    orderColumn('host', 'host'),
    orderColumn('referentEmail', 'referentEmail'),
    orderColumn('totalQuantity', 'totalQuantity', { kind: 'number', sortable: true }),
    orderColumn('totalAmountCents', 'totalAmount', { kind: 'money', sortable: true }),
    orderColumn('status', 'status', { kind: 'select', choices: SQUARE_ORDER_STATE_CHOICES, filter: true }),
    // the order's page only
    orderColumn('validMonths', 'validMonths', { kind: 'number', column: false }),
    orderColumn('approvalRequired', 'approvalRequired', {
      kind: 'boolean',
      choices: [
        { id: 'true', name: 'square.detail.approvalRequired' },
        { id: 'false', name: 'square.detail.approvalNotRequired' },
      ],
      column: false,
    }),
    orderColumn('confirmedAt', 'confirmedAt', { kind: 'datetime', column: false }),
    orderColumn('approvedAt', 'approvedAt', { kind: 'datetime', column: false }),
    orderColumn('activatedAt', 'activatedAt', { kind: 'datetime', column: false }),
    orderColumn('cancelledAt', 'cancelledAt', { kind: 'datetime', column: false }),
  ],
  { resource: 'square/orders', primary: 'orderNumber', secondary: ['status', 'totalAmountCents'], sort: { field: 'createdAt', order: 'DESC' }, texts: 'square.orders' },
);

export const squareCodeFields = defineFields(
  none,
  [
    orderColumn('code', 'code'),
    orderColumn('email', 'email', { sortable: true }),
    orderColumn('firstName', 'firstName'),
    orderColumn('lastName', 'lastName'),
    orderColumn('orderNumber', 'orderNumber'),
    orderColumn('typology', 'typology', { kind: 'select', choices: SQUARE_TYPOLOGY_CHOICES, filter: true }),
    orderColumn('amountCents', 'amount', { kind: 'money', sortable: true }),
    orderColumn('valueCents', 'value', { kind: 'money' }),
    orderColumn('status', 'status', { kind: 'select', choices: SQUARE_CODE_STATE_CHOICES, filter: true }),
    orderColumn('activationDate', 'activationDate', { kind: 'datetime', sortable: true }),
    orderColumn('expireDate', 'expireDate', { kind: 'date', sortable: true }),
    // the code's page only
    orderColumn('host', 'host', { column: false }),
    orderColumn('sellDate', 'sellDate', { kind: 'date', column: false }),
    orderColumn('communicationStatus', 'communicationStatus', { kind: 'select', choices: SQUARE_COMMUNICATION_STATE_CHOICES, column: false }),
  ],
  { resource: 'square/codes', primary: 'code', secondary: ['email', 'status'], sort: { field: 'activationDate', order: 'DESC' }, texts: 'square.codes' },
);

/** The codes of one order, on its page: without the order's number and type, which are the order's own. */
export const squareOrderCodeFields: FieldSet = { ...squareCodeFields, fields: squareCodeFields.fields.filter((field) => field.source !== 'orderNumber' && field.source !== 'typology') };

export const squareCommunicationFields = defineFields(
  none,
  [
    orderColumn('createdAt', 'createdAt', { kind: 'datetime', sortable: true }),
    orderColumn('recipient', 'recipient', { sortable: true }),
    orderColumn('orderNumber', 'orderNumber'),
    orderColumn('code', 'code'),
    orderColumn('status', 'status', { kind: 'select', choices: SQUARE_COMMUNICATION_STATE_CHOICES, filter: true }),
    orderColumn('sentAt', 'sentAt', { kind: 'datetime', sortable: true }),
    orderColumn('retryNumber', 'retryNumber', { kind: 'number' }),
    orderColumn('nextAttemptAt', 'nextAttemptAt', { kind: 'datetime' }),
    orderColumn('lastSmtpAnswer', 'lastSmtpAnswer'),
  ],
  { resource: 'square/communications', primary: 'recipient', secondary: ['status', 'sentAt'], sort: { field: 'createdAt', order: 'DESC' }, texts: 'square.communications' },
);
