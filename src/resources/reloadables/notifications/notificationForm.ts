import { z } from 'zod';
import { GV } from '../../../../domain/giftcards';
import { amountMaxMessage } from '../../../../domain/messages';
import { parseEurosToCents } from '../../../../domain/money';
import { RELOAD_LIMITS, type NotificationSettings, type NotificationSettingsBody } from '../../../../domain/reloadables';

/** The settings form: recipients as typed (one text, addresses split by commas, semicolons, spaces or lines), the threshold in euros. */
export interface NotificationFormValues {
  recipients: string;
  lowBalanceEnabled: boolean;
  lowBalanceThreshold: string;
  runCompletedEnabled: boolean;
  runFailedEnabled: boolean;
  monthlyStatementEnabled: boolean;
}

export const MAX_RECIPIENTS = RELOAD_LIMITS.maxRecipients;
const email = z.email();

export const splitRecipients = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

export function toFormValues(settings: NotificationSettings): NotificationFormValues {
  return {
    recipients: settings.recipients.join(', '),
    lowBalanceEnabled: settings.lowBalanceEnabled,
    // the threshold as the user types euros: "1500" or "1500,50" (no grouping)
    lowBalanceThreshold: settings.lowBalanceThresholdCents % 100 === 0 ? String(settings.lowBalanceThresholdCents / 100) : (settings.lowBalanceThresholdCents / 100).toFixed(2),
    runCompletedEnabled: settings.runCompletedEnabled,
    runFailedEnabled: settings.runFailedEnabled,
    monthlyStatementEnabled: settings.monthlyStatementEnabled,
  };
}

/** Form values → the PUT body (domain's notificationSettingsBodySchema), with the form's own messages on the fields. */
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
    const recipients = splitRecipients(values.recipients);
    if (recipients.some((address) => !email.safeParse(address).success)) ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'reloadables.notifications.badRecipient' });
    else if (recipients.length > MAX_RECIPIENTS) ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'reloadables.notifications.tooManyRecipients' });
    const threshold = values.lowBalanceThreshold === '' ? (values.lowBalanceEnabled ? null : 0) : parseEurosToCents(values.lowBalanceThreshold);
    if (threshold === null) ctx.addIssue({ code: 'custom', path: ['lowBalanceThreshold'], message: values.lowBalanceThreshold === '' ? GV.required : GV.amount });
    else if (threshold > RELOAD_LIMITS.maxWalletMoveCents) ctx.addIssue({ code: 'custom', path: ['lowBalanceThreshold'], message: amountMaxMessage(RELOAD_LIMITS.maxWalletMoveCents) });
    // an alert below zero would never fire
    else if (values.lowBalanceEnabled && threshold === 0) ctx.addIssue({ code: 'custom', path: ['lowBalanceThreshold'], message: GV.amount });
    return {
      recipients,
      lowBalanceEnabled: values.lowBalanceEnabled,
      lowBalanceThresholdCents: threshold ?? 0,
      runCompletedEnabled: values.runCompletedEnabled,
      runFailedEnabled: values.runFailedEnabled,
      monthlyStatementEnabled: values.monthlyStatementEnabled,
    };
  });
