import type { EmailRecord } from '../../domain/emails';
import type { HttpClient } from './httpClient';
import { resourcePath } from './resourcePaths';
import type { EmailActions } from './types';

/** The e-mails screen's call under `/api/company/{companyId}/emails/…` beside the CRUD ones (the route list in domain/emails.ts). */
export function emailActions(http: HttpClient): EmailActions {
  return {
    async resendEmail(id) {
      return (await http.request<EmailRecord>(`${resourcePath('emails')}/${encodeURIComponent(String(id))}/resend`, { method: 'POST', json: {} })).body;
    },
  };
}
