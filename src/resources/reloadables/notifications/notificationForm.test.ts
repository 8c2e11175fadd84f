import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../domain/constants';
import { notificationSettingsBodySchema, RELOAD_LIMITS } from '../../../../domain/reloadables';
import { settings } from '../shared/testData.test-helper';
import { notificationFormSchema, toFormValues } from './notificationForm';

describe('notification form values', () => {
  it('shows a saved threshold as the user types euros in their language, and reads it back to the same cents', () => {
    const saved = settings({ lowBalanceEnabled: true, lowBalanceThresholdCents: 50_050 });
    expect(toFormValues(saved, 'it').lowBalanceThreshold).toBe('500,50');
    expect(toFormValues(saved, 'en').lowBalanceThreshold).toBe('500.50');
    expect(toFormValues(settings({ lowBalanceThresholdCents: 100_000 }), 'it').lowBalanceThreshold).toBe('1000');
    expect(toFormValues(saved, 'de').lowBalanceThreshold).toBe('500,50');
    for (const language of LANGUAGES) {
      expect(notificationFormSchema.parse(toFormValues(saved, language)).lowBalanceThresholdCents).toBe(50_050);
    }
  });
});

// issue 46: the form states no rule the API does not have; an alert on at 0 is refused by both (it would never fire)
describe('the notification form and the API agree', () => {
  const body = { recipients: [] as string[], lowBalanceEnabled: false, lowBalanceThresholdCents: 0, runCompletedEnabled: false, runFailedEnabled: false, monthlyStatementEnabled: false };
  const formOf = (b: typeof body) => ({ ...toFormValues(settings(b), 'en'), recipients: b.recipients.join(', ') });
  const addresses = (n: number) => Array.from({ length: n }, (_, i) => `a${i}@acme.test`);

  it.each([
    ['alert off at 0', body],
    ['alert on at 0', { ...body, lowBalanceEnabled: true }],
    ['alert on at 0.01', { ...body, lowBalanceEnabled: true, lowBalanceThresholdCents: 1 }],
    ['alert on at the maximum', { ...body, lowBalanceEnabled: true, lowBalanceThresholdCents: RELOAD_LIMITS.maxWalletMoveCents }],
    ['alert on above the maximum', { ...body, lowBalanceEnabled: true, lowBalanceThresholdCents: RELOAD_LIMITS.maxWalletMoveCents + 1 }],
    ['the most recipients', { ...body, recipients: addresses(RELOAD_LIMITS.maxRecipients) }],
    ['one recipient too many', { ...body, recipients: addresses(RELOAD_LIMITS.maxRecipients + 1) }],
    ['a bad address', { ...body, recipients: ['not-an-address'] }],
  ])('on %s', (_, sample) => {
    const form = notificationFormSchema.safeParse(formOf(sample));
    const api = notificationSettingsBodySchema.safeParse(sample);
    expect(form.success).toBe(api.success);
    if (!api.success) expect(form.error?.issues[0]?.message).toBe(api.error.issues[0].path.length > 1 ? 'reloadables.notifications.badRecipient' : api.error.issues[0].message);
  });

  it('asks for a threshold when the alert is on, and takes none when it is off', () => {
    expect(notificationFormSchema.safeParse({ ...formOf(body), lowBalanceThreshold: '' }).success).toBe(true);
    expect(notificationFormSchema.safeParse({ ...formOf(body), lowBalanceEnabled: true, lowBalanceThreshold: '' }).error?.issues[0]?.message).toBe('validation.required');
  });
});
