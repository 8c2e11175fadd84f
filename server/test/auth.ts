import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Session } from '../../domain/schemas/auth';
import { DEMO_PASSWORD } from '../seed/demo';

export const SIGN_IN_URL = '/identity/v1/accounts:signInWithPassword?key=test-key';
let ipCounter = 0;
/** A fresh client address per call site, so per-address limits of one test do not touch another. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function signIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
  extra: { tenantId?: unknown; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: SIGN_IN_URL,
    remoteAddress: extra.ip ?? uniqueIp(),
    payload: { email, password, tenantId: 'tenantId' in extra ? extra.tenantId : 'tessera', returnSecureToken: true },
  });
}

export async function exchange(app: FastifyInstance, idToken: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/token-exchange', payload: { fireBaseToken: idToken } });
}

/** Full sign-in: identity provider, then token exchange. */
export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<Session> {
  const signed = await signIn(app, email, password);
  if (signed.statusCode !== 200) throw new Error(`sign-in failed: ${signed.body}`);
  const res = await exchange(app, signed.json<{ idToken: string }>().idToken);
  if (res.statusCode !== 200) throw new Error(`exchange failed: ${res.body}`);
  return res.json<Session>();
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export function refresh(app: FastifyInstance, refreshToken: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/access-token',
    payload: { refresh_token: refreshToken, grant_type: 'refresh_token' },
  });
}
