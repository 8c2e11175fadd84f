import MailOutlineIcon from '@mui/icons-material/MailOutline';
import type { EmailRecord } from '../../../domain/emails';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

/**
 * Every e-mail the product sends (issue 41, /emails and /emails/{id}, in the users section:
 * provider staff holding `management`). The list is a SchemaList over domain/schemas/emails.ts
 * (state, template, recipient); an e-mail's page shows its delivery (never a body: the API has
 * none) and both lead to Resend where domain/emails.ts allows it.
 */
export const emails: ResourceDefinition = {
  name: 'emails',
  menu: 'emails',
  icon: MailOutlineIcon,
  recordRepresentation: (record: EmailRecord) => record.recipient,
  list: { component: lazyWithReload(() => import('./EmailList')), title: 'emailList' },
  detail: { component: lazyWithReload(() => import('./EmailShow')), title: 'emailDetail' },
  kind: 'schema',
  why: 'schema-driven list and fields with a Resend action, which may answer a new e-mail (its page)',
};
