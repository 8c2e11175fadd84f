import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../../../../domain/messages';
import { amountInputText } from '../../../../domain/format';
import { AMOUNT_MESSAGES, readAmount } from '../../../../domain/money';
import { notificationSettingsBodySchema, type NotificationSettings, type NotificationSettingsBody } from '../../../../domain/reloadables';
import { i18n } from '../../../i18n/i18n';

/** The settings form: recipients as typed (one text, addresses split by commas, semicolons, spaces or lines), the threshold in euros. */
export interface NotificationFormValues {
  recipients: string;
  lowBalanceEnabled: boolean;
  lowBalanceThreshold: string;
  runCompletedEnabled: boolean;
  runFailedEnabled: boolean;
  monthlyStatementEnabled: boolean;
}

export const splitRecipients = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

export function toFormValues(settings: NotificationSettings, language: string = i18n.language): NotificationFormValues {
  return {
    recipients: settings.recipients.join(', '),
    lowBalanceEnabled: settings.lowBalanceEnabled,
    // the threshold as the user types euros in their language: "1500" or "1500,50" (no grouping)
    lowBalanceThreshold: amountInputText(settings.lowBalanceThresholdCents, language),
    runCompletedEnabled: settings.runCompletedEnabled,
    runFailedEnabled: settings.runFailedEnabled,
    monthlyStatementEnabled: settings.monthlyStatementEnabled,
  };
}

/**
 * Form values → the PUT body, checked by the API's own rules (domain notificationSettingsBodySchema:
 * the addresses, their number, the threshold's range, a threshold above zero when the alert is on),
 * each put on its field; the form adds only what reading the typed text finds.
 */
export const notificationFormSchema = z
  .object({
    recipients: z.string(),
    lowBalanceEnabled: z.boolean(),
    lowBalanceThreshold: z.string().trim(),
    runCompletedEnabled: z.boolean(),
    runFailedEnabled: z.boolean(),
    monthlyStatementEnabled: z.boolean(),
  })
  .transform((values, ctx): NotificationSettingsBody => {
    const messages: Partial<Record<'recipients' | 'lowBalanceThreshold', string>> = {};
    const reading = values.lowBalanceThreshold === '' ? null : readAmount(values.lowBalanceThreshold, i18n.language);
    if (reading?.problem) messages.lowBalanceThreshold = AMOUNT_MESSAGES[reading.problem];
    else if (reading === null && values.lowBalanceEnabled) messages.lowBalanceThreshold = VALIDATION_MESSAGES.required;
    const body: NotificationSettingsBody = {
      recipients: splitRecipients(values.recipients),
      lowBalanceEnabled: values.lowBalanceEnabled,
      // an empty threshold with the alert off is none
      lowBalanceThresholdCents: reading?.cents ?? 0,
      runCompletedEnabled: values.runCompletedEnabled,
      runFailedEnabled: values.runFailedEnabled,
      monthlyStatementEnabled: values.monthlyStatementEnabled,
    };
    // an address's own issue (path recipients.N) before the list's length
    const issues = [...(notificationSettingsBodySchema.safeParse(body).error?.issues ?? [])].sort((a, b) => b.path.length - a.path.length);
    for (const issue of issues) {
      if (issue.path[0] === 'recipients') messages.recipients ??= issue.path.length > 1 ? 'reloadables.notifications.badRecipient' : issue.message;
      else if (issue.path[0] === 'lowBalanceThresholdCents') messages.lowBalanceThreshold ??= issue.message;
    }
    for (const [path, message] of Object.entries(messages)) ctx.addIssue({ code: 'custom', path: [path], message });
    return body;
  });
