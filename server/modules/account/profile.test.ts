import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, login, signIn, uniqueIp } from '../../test/auth';
import { DRIVERS } from '../../test/db';

const profile = { firstName: 'Nora', lastName: 'Nessuno', email: 'noaccess@acme.test', phoneCountry: '+39', phone: '3339876543', address: 'Via Roma 1', city: 'Milano', state: 'MI', zip: '20100', country: 'Italia' };

function linkToken(text: string, path: string): string {
  const match = new RegExp(`http://tessera\\.test${path}\\?t=([\\w-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

describe.each(DRIVERS)('profile API (%s)', (driver) => {
  let t: TestApp;
  // a user without any flag: the profile needs none
  let nora: string;
  const row = async (email: string) => (await t.db.db.select().from(users).where(eq(users.email, email)))[0];
  const lastEmail = async (to: string) => (await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.createdAt)).limit(1))[0];
  const put = (url: string, payload: unknown, token = nora) => t.app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object });
  const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/user/confirm-email', payload: { token }, remoteAddress: uniqueIp() });

  beforeAll(async () => {
    t = await createTestApp(driver);
    nora = (await login(t.app, 'noaccess@acme.test')).accessToken;
  });
  afterAll(() => t.close());

  it('a user without flags changes their data; the configuration answers it; SPEC §5 messages on bad values', async () => {
    const res = await put('/api/user/profile', profile);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ ...profile, pendingEmail: null });
    const config = await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(nora) });
    expect(config.json().user).toMatchObject({ phone: '3339876543', city: 'Milano', zip: '20100' });
    const bad = await put('/api/user/profile', { ...profile, firstName: '1', email: 'x', phone: '333', zip: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      firstName: expect.stringMatching(/^validation\.personName\b/),
      email: 'validation.email',
      phone: expect.stringMatching(/^validation\.userPhone\b/),
      zip: 'validation.zipItaly?digits=5',
    });
    // an Italian address (or none) has a 5-digit CAP; another country's postcode is its own
    const italian = await put('/api/user/profile', { ...profile, zip: '123' });
    expect(italian.json().errors).toEqual({ zip: 'validation.zipItaly?digits=5' });
    const french = await put('/api/user/profile', { ...profile, zip: '75001', country: 'France' });
    expect(french.statusCode, french.body).toBe(200);
    const british = await put('/api/user/profile', { ...profile, zip: 'SW1A 1AA', country: 'United Kingdom' });
    expect(british.json().user).toMatchObject({ zip: 'SW1A 1AA', country: 'United Kingdom' });
    expect((await put('/api/user/profile', { ...profile, zip: 'SW1A 1AA', country: '' })).json().errors).toEqual({ zip: 'validation.zipItaly?digits=5' });
    expect((await row('noaccess@acme.test')).phone).toBe('3339876543');
    const cleared = await put('/api/user/profile', { ...profile, address: '', zip: '' });
    expect(cleared.json().user).toMatchObject({ address: null, zip: null });
  });

  it('issue 43: the phone is the user rule, optional, prefix and number both or neither', async () => {
    const none = await put('/api/user/profile', { ...profile, phone: '', phoneCountry: '+39' });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().user).toMatchObject({ phone: null, phoneCountry: null });
    const absent = await put('/api/user/profile', { firstName: 'Nora', lastName: 'Nessuno', email: 'noaccess@acme.test' });
    expect(absent.statusCode, absent.body).toBe(200);
    const noPrefix = await put('/api/user/profile', { ...profile, phoneCountry: '' });
    expect(noPrefix.json().errors).toEqual({ phoneCountry: expect.stringMatching(/^validation\.phoneCountry\b/) });
    const both = await put('/api/user/profile', profile);
    expect(both.json().user).toMatchObject({ phone: '3339876543', phoneCountry: '+39' });
  });

  it('stores the language: the next e-mail (a password reset) is in English, then in Spanish', async () => {
    expect((await put('/api/user/language', { language: 'en' })).statusCode).toBe(204);
    expect((await row('noaccess@acme.test')).language).toBe('en');
    await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: 'noaccess@acme.test' }, remoteAddress: uniqueIp() });
    await t.app.ctx.jobs.drain();
    expect(await lastEmail('noaccess@acme.test')).toMatchObject({ template: 'reset', language: 'en', subject: 'Reset your Tessera password' });
    expect((await put('/api/user/language', { language: 'es' })).statusCode).toBe(204);
    await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: 'noaccess@acme.test' }, remoteAddress: uniqueIp() });
    await t.app.ctx.jobs.drain();
    expect(await lastEmail('noaccess@acme.test')).toMatchObject({ template: 'reset', language: 'es', subject: 'Restablezca su contraseña de Tessera' });
    const bad = await put('/api/user/language', { language: 'xx' });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/language', payload: { language: 'en' } })).statusCode).toBe(401);
  });

  it('an own e-mail change waits for the link from the new address; 409 EMAIL_EXISTS when taken meanwhile', async () => {
    const res = await put('/api/user/profile', { ...profile, email: 'nora.new@acme.test' });
    expect(res.json().user).toMatchObject({ email: 'noaccess@acme.test', pendingEmail: 'nora.new@acme.test' });
    await t.app.ctx.jobs.drain();
    const token = linkToken((await lastEmail('nora.new@acme.test')).textBody, '/confirm-email');
    expect((await signIn(t.app, 'noaccess@acme.test')).statusCode).toBe(200);
    // someone else takes the address before the link is used
    const [someone] = await t.db.db.select().from(users).where(eq(users.email, 'disabled@acme.test'));
    await t.db.db.update(users).set({ email: 'nora.new@acme.test' }).where(eq(users.id, someone.id));
    const taken = await confirm(token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('EMAIL_EXISTS');
    expect(await row('noaccess@acme.test')).toMatchObject({ pendingEmail: 'nora.new@acme.test' });
    await t.db.db.update(users).set({ email: 'disabled@acme.test' }).where(eq(users.id, someone.id));
    expect((await confirm(token)).statusCode).toBe(204);
    expect(await row('nora.new@acme.test')).toMatchObject({ pendingEmail: null, firstName: 'Nora' });
    expect((await confirm('not-a-token')).json().error.message).toBe('INVALID_OOB_CODE');
  });

  it('refuses another account\'s e-mail at once', async () => {
    const res = await put('/api/user/profile', { ...profile, email: 'Operator@acme.test' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('EMAIL_EXISTS');
  });
});
