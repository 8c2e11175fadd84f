import HistoryIcon from '@mui/icons-material/History';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

/**
 * The audit trail (issue 22, /audit and /audit/{id}, in the users section: provider staff and
 * referents with `management` read it, the server narrows it to their subtree). The list is a
 * SchemaList over domain/schemas/audit.ts with its filter form and CSV; a record's page shows its
 * changes and links to its entity's timeline (the list filtered by entity and id).
 */
export const audit: ResourceDefinition = {
  name: 'audit',
  menu: 'audit',
  icon: HistoryIcon,
  list: { component: lazyWithReload(() => import('./AuditList')), title: 'auditList' },
  detail: { component: lazyWithReload(() => import('./AuditShow')), title: 'auditDetail' },
  kind: 'schema',
  why: "a record's changes are a table of field, before and after, whose values are any JSON (money fields written as money)",
};
