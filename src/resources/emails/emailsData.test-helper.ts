import { http, HttpResponse } from 'msw';
import { emailResendable, type EmailRecord } from '../../../domain/emails';
import type { PermissionKey } from '../../../domain/permissions';
import { userConfiguration } from '../../test/builders';
import { server } from '../../test/msw';

export const API = '/api/company/company-1/emails';

/** An e-mail as the API gives it; `resendable` follows the domain's rule unless given. */
export const emailRecord = (overrides: Partial<EmailRecord> = {}): EmailRecord => {
  const record: Omit<EmailRecord, 'resendable'> = {
    id: 'e-1',
    template: 'reportReady',
    recipient: 'rita@acme.test',
    subject: 'Your report “Sales” is ready',
    language: 'en',
    status: 'SENT',
    attempts: 1,
    nextAttemptAt: null,
    lastAnswer: '250 2.0.0 OK queued as 4F2A',
    createdAt: '2026-11-20T09:15:00.000Z',
    sentAt: '2026-11-20T09:15:04.000Z',
    resentFromId: null,
    squareOrderId: null,
    squareOrderNumber: null,
    ...overrides,
  };
  return { ...record, resendable: overrides.resendable ?? emailResendable(record.template, record.status) };
};

/** A keyset page as the API gives it: no total (`*`), the next page's cursor. */
export const pageOf = (rows: unknown[]) => HttpResponse.json(rows, { headers: { 'Content-Range': `emails 0-${Math.max(0, rows.length - 1)}/*`, 'Next-Cursor': 'c2' } });

export function serveConfiguration(permissions: PermissionKey[] = ['management']) {
  server.use(http.get('/api/user/configuration', () => HttpResponse.json(userConfiguration(permissions))));
}
