import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AsyncLocalStorage as BrowserStorage } from '../../src/demo/host/shims/async_hooks';
import { auditContextSetting, currentAuditContext, jobAuditContext, requestAuditContext, runWithAuditContext, SYSTEM_CONTEXT } from './audit-context';

const request = (fields: Record<string, unknown>) =>
  ({ method: 'POST', url: '/api/x', ip: '198.51.100.4', id: 'req-7', routeOptions: { url: '/api/x' }, auth: null, apiKey: null, ...fields }) as unknown as FastifyRequest;

describe('audit context', () => {
  it('names an API key with its label on the integration API, a user by e-mail in the back office', () => {
    const key = request({
      url: '/api/integration/v1/giftcards/ABC/consume',
      routeOptions: { url: '/api/integration/v1/giftcards/:code/consume' },
      apiKey: { keyId: 'key-1', keyName: 'Cassa 1', prefix: 'tk_live_ab12' },
    });
    expect(requestAuditContext(key)).toEqual({
      actorType: 'api_key',
      actorId: 'key-1',
      actorLabel: 'Cassa 1 (tk_live_ab12)',
      origin: 'integration',
      ip: '198.51.100.4',
      requestId: 'req-7',
      operation: 'POST /api/integration/v1/giftcards/:code/consume',
    });
    const user = request({ auth: { user: { id: 'user-1', email: 'rita@acme.test' } } });
    expect(requestAuditContext(user)).toMatchObject({ actorType: 'user', actorId: 'user-1', actorLabel: 'rita@acme.test', origin: 'back_office', operation: 'POST /api/x' });
    // before sign-in (activation, password reset): the system, from this request
    expect(requestAuditContext(request({}))).toMatchObject({ actorType: 'system', actorId: null, origin: 'back_office', requestId: 'req-7' });
  });

  it('is the system outside any context, and the job inside its run', async () => {
    expect(currentAuditContext()).toEqual(SYSTEM_CONTEXT);
    expect(auditContextSetting()).toBe('');
    await runWithAuditContext(jobAuditContext('reports.generate'), async () => {
      await Promise.resolve();
      expect(currentAuditContext()).toMatchObject({ actorType: 'job', actorId: 'reports.generate', origin: 'job' });
      expect(JSON.parse(auditContextSetting())).toMatchObject({ actorType: 'job', operation: 'reports.generate' });
    });
  });

  it("the browser shim keeps the store entered last and restores the previous one when a run's promise settles", async () => {
    const storage = new BrowserStorage<string>();
    storage.enterWith('request');
    let release = () => undefined as void;
    const job = storage.run('job', () => new Promise<void>((resolve) => (release = resolve)));
    expect(storage.getStore()).toBe('job');
    release();
    await job;
    await Promise.resolve();
    expect(storage.getStore()).toBe('request');
    expect(storage.run('sync', () => storage.getStore())).toBe('sync');
    expect(storage.getStore()).toBe('request');
  });
});
