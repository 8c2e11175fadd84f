import { z } from 'zod';
import { EMAIL_STATE_CHOICES, EMAIL_TEMPLATE_CHOICES } from '../emails';
import { defineFields, type DisplayFieldSpec } from '../fields';

/**
 * The e-mails screen (issue 41, /emails, provider staff): the records and routes are
 * domain/emails.ts's; here is the list's declaration. Filters: state and template (declared
 * below), and `q`, the recipient's address from its start.
 */
const column = (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label: `emails.fields.${label}`, input: false, column: true, ...extra });

export const emailFields = defineFields(
  z.object({}).strict(),
  [
    column('createdAt', 'createdAt', { kind: 'datetime', sortable: true }),
    column('recipient', 'recipient', { sortable: true }),
    column('template', 'template', { kind: 'select', choices: EMAIL_TEMPLATE_CHOICES, filter: true }),
    column('status', 'status', { kind: 'select', choices: EMAIL_STATE_CHOICES, filter: true }),
    column('lastAnswer', 'lastAnswer'),
    // the e-mail's page only (the list keeps its Resend in view at 1280 px)
    column('subject', 'subject', { column: false }),
    column('sentAt', 'sentAt', { kind: 'datetime', column: false }),
    column('attempts', 'attempts', { kind: 'number', column: false }),
    column('nextAttemptAt', 'nextAttemptAt', { kind: 'datetime', column: false }),
    column('language', 'language', { column: false }),
    column('squareOrderNumber', 'squareOrder', { column: false }),
  ],
  { resource: 'emails', primary: 'recipient', secondary: ['template', 'status'], sort: { field: 'createdAt', order: 'DESC' }, texts: 'emails.list' },
);
