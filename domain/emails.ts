import { z } from 'zod';
import type { ChoiceTone, FieldChoice } from './fields';

/**
 * Every e-mail the product sends is a tracked communication (issue 41): an outbox row (password
 * reset, activation, order, reload, ticket and report e-mails) or a square code's communication
 * (domain/square.ts). Provider staff holding `management` read them all on one screen:
 *
 *   GET  /api/company/{companyId}/emails               EmailRecord[] (filter: status, template, q = the recipient's address from its start; newest first; keyset, Next-Cursor)
 *   GET  /api/company/{companyId}/emails/{id}          EmailRecord
 *   POST /api/company/{companyId}/emails/{id}/resend   EmailRecord: the one it made (an outbox e-mail: a new e-mail, the same message to the same address, QUEUED; a square code's: its next attempt)
 *
 * Bodies are never shown: a reset or activation e-mail carries a one-time link, and a square one a
 * voucher code.
 */

/**
 * Everything a template can be (every e-mail the server writes names one: the outbox's rendered
 * ones in server/mail/templates.ts, a gift-card order's in server/modules/orders/emails.ts);
 * `squareCode` is a square code's e-mail (square_communications).
 */
export const EMAIL_TEMPLATES = [
  'activation',
  'reset',
  'emailChange',
  'orderConfirmation',
  'orderCard',
  'reloadLowBalance',
  'reloadRunDone',
  'reloadRunFailed',
  'reloadMonthlyStatement',
  'squareCode',
  'ticketCreated',
  'ticketMessage',
  'ticketStatus',
  'reportReady',
  'reportFailed',
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];
export const emailTemplateKey = (template: EmailTemplate) => `emails.templates.${template}`;
export const EMAIL_TEMPLATE_CHOICES: readonly FieldChoice[] = EMAIL_TEMPLATES.map((id) => ({ id, name: emailTemplateKey(id) }));

/**
 * The states, as square's (domain/square.ts) with one more: QUEUED, SENDING (a runner holds it),
 * RETRY_WAITING (the mail server deferred it or could not be reached: `nextAttemptAt`, and
 * `lastAnswer` says why), SENT, LOGGED (no mail server configured: printed in the server's log,
 * local use only), FAILED (refused for good, or not handed over within the retry window:
 * `lastAnswer`).
 */
export const EMAIL_STATES = ['QUEUED', 'SENDING', 'RETRY_WAITING', 'SENT', 'LOGGED', 'FAILED'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];
export const EMAIL_STATE_TONES: Record<EmailState, ChoiceTone> = {
  QUEUED: 'transparent',
  SENDING: 'yellow',
  RETRY_WAITING: 'yellow',
  SENT: 'green',
  LOGGED: 'transparent',
  FAILED: 'red',
};
export const emailStateKey = (state: EmailState) => `emails.status.${state}`;
export const EMAIL_STATE_CHOICES: readonly FieldChoice[] = EMAIL_STATES.map((id) => ({ id, name: emailStateKey(id), tone: EMAIL_STATE_TONES[id] }));

/** Resend: only an e-mail that is done (delivered, printed or failed) is sent again. */
export const EMAIL_RESENDABLE_STATES: readonly EmailState[] = ['SENT', 'LOGGED', 'FAILED'];

/**
 * E-mails carrying a one-time link are never sent again as they were (the link may be used or
 * stale, and a fresh one is a user's or staff's own action: "Forgot password", "Resend
 * activation", a new e-mail change).
 */
export const ONE_TIME_LINK_TEMPLATES: readonly EmailTemplate[] = ['activation', 'reset', 'emailChange'];

/** Whether an e-mail in `status` from `template` may be sent again (the rule the server applies; the screen shows the button by it). */
export function emailResendable(template: EmailTemplate, status: EmailState): boolean {
  return EMAIL_RESENDABLE_STATES.includes(status) && !ONE_TIME_LINK_TEMPLATES.includes(template);
}

export const emailRecordSchema = z.object({
  id: z.string(),
  template: z.enum(EMAIL_TEMPLATES),
  recipient: z.string(),
  /** the subject as sent (null: a square code's e-mail, whose subject is made as it is sent) */
  subject: z.string().nullable(),
  /** it | en | es | fr | de (null: a square code's e-mail, in the order's language) */
  language: z.string().nullable(),
  status: z.enum(EMAIL_STATES),
  /** tries so far (of the current attempt, for a square code's e-mail) */
  attempts: z.number().int(),
  /** RETRY_WAITING: when the next try is due */
  nextAttemptAt: z.string().nullable(),
  /** the mail server's last answer ("550 5.1.1 User unknown"), or why it could not be reached */
  lastAnswer: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** the e-mail this one re-sends (an outbox resend) */
  resentFromId: z.string().nullable(),
  /** a square code's e-mail: its order */
  squareOrderId: z.string().nullable(),
  squareOrderNumber: z.string().nullable(),
  /** `emailResendable(template, status)` */
  resendable: z.boolean(),
});
export type EmailRecord = z.infer<typeof emailRecordSchema>;
