import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToErrors } from './errors';
import { amountMaxMessage, lengthRangeMessage, limitMessageOf, maxLengthMessage, maxLengthOf, messageWith, readMessage } from './messages';
import { orderConfigurationSchema, orderTrackingSchema } from './orders';

describe('messages with values', () => {
  it('carry their values through a plain string, and read back into key and values', () => {
    expect(maxLengthMessage(60)).toBe('validation.maxLength?max=60');
    expect(amountMaxMessage(100_000)).toBe('validation.amountMax?maxCents=100000');
    expect(readMessage('validation.maxLength?max=60')).toEqual({ key: 'validation.maxLength', params: { max: 60 } });
    expect(readMessage(messageWith('x.y', { name: 'a&b=c?', min: -2.5 }))).toEqual({ key: 'x.y', params: { name: 'a&b=c?', min: -2.5 } });
    expect(readMessage('validation.required')).toEqual({ key: 'validation.required', params: {} });
    // a sentence with a question mark is not a key with values
    expect(readMessage('Why? Because')).toEqual({ key: 'Why? Because', params: {} });
  });

  it('survive the API’s field errors (the problem body’s `errors`)', () => {
    const result = orderTrackingSchema.safeParse({ carrier: 'BRT', number: 'N'.repeat(81) });
    expect(issuesToErrors(result.error!.issues)).toEqual({ number: 'validation.maxLength?max=80' });
    const config = orderConfigurationSchema.safeParse({ referentName: 'A', referentEmail: 'a@b.it', companyOrderNumber: 'P'.repeat(41) });
    expect(issuesToErrors(config.error!.issues)).toEqual({ referentName: 'validation.lengthRange?min=2&max=80', companyOrderNumber: 'validation.maxLength?max=40' });
  });
});

describe('maxLengthOf', () => {
  it('reads a text rule’s longest length through its wrappers', () => {
    expect(maxLengthOf(orderConfigurationSchema.shape.companyOrderNumber)).toBe(40);
    expect(maxLengthOf(orderConfigurationSchema.shape.shippingAddress)).toBe(300);
    expect(maxLengthOf(z.preprocess((value) => value, z.string().max(12).optional()))).toBe(12);
    expect(maxLengthOf(z.string().trim().max(30).transform((text) => text || null))).toBe(30);
    expect(maxLengthOf(z.string().length(2))).toBe(2);
    expect(maxLengthOf(z.string())).toBeUndefined();
    expect(maxLengthOf(z.number().max(3))).toBeUndefined();
  });
});

describe('limitMessageOf (a text input states its rule before any refusal, issue 43)', () => {
  it('answers the length or counted-pattern check’s own message, through wrappers', () => {
    expect(limitMessageOf(z.string().trim().min(2, lengthRangeMessage(2, 40)).max(40, lengthRangeMessage(2, 40)))).toBe(lengthRangeMessage(2, 40));
    expect(limitMessageOf(z.string().regex(/^\d{5}$/, messageWith('validation.zip', { digits: 5 })).optional())).toBe('validation.zip?digits=5');
    expect(limitMessageOf(z.preprocess((value) => value, z.string().max(60, maxLengthMessage(60))).nullable())).toBe(maxLengthMessage(60));
  });

  it('has nothing to state for a text that is only required, or for another type', () => {
    expect(limitMessageOf(z.string().min(1, 'validation.required'))).toBeUndefined();
    expect(limitMessageOf(z.string().regex(/^[a-z]+$/, 'validation.invalid'))).toBeUndefined();
    expect(limitMessageOf(z.number().max(5))).toBeUndefined();
  });
});
