import { z } from 'zod';
import { GV } from '../../../../domain/giftcards';
import { amountInputText } from '../../../../domain/format';
import { amountMaxMessage, maxRecipientsMessage } from '../../../../domain/messages';
import { AMOUNT_MESSAGES, readAmount } from '../../../../domain/money';
import { RELOAD_LIMITS, type NotificationSettings, type NotificationSettingsBody } from '../../../../domain/reloadables';
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

export const MAX_RECIPIENTS = RELOAD_LIMITS.maxRecipients;
const email = z.email();

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
    else if (recipients.length > MAX_RECIPIENTS) ctx.addIssue({ code: 'custom', path: ['recipients'], message: maxRecipientsMessage(MAX_RECIPIENTS) });
    const reading = values.lowBalanceThreshold === '' ? null : readAmount(values.lowBalanceThreshold, i18n.language);
    const threshold = reading === null ? (values.lowBalanceEnabled ? null : 0) : (reading.cents ?? null);
    if (threshold === null) ctx.addIssue({ code: 'custom', path: ['lowBalanceThreshold'], message: reading?.problem ? AMOUNT_MESSAGES[reading.problem] : GV.required });
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
