import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../domain/constants';
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
