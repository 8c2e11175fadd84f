import KeyIcon from '@mui/icons-material/Key';
import type { ApiKey } from '../../../domain/integration';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

/**
 * API keys for tills and web shops (issue 22, /api-keys, in the users section: they are managed
 * with the `management` flag, as users are). The list is a SchemaList over
 * domain/schemas/apiKeys.ts; creating and revoking are dialogs on it.
 */
export const apiKeys: ResourceDefinition = {
  name: 'api-keys',
  menu: 'apiKeys',
  icon: KeyIcon,
  recordRepresentation: (record: ApiKey) => record.name,
  list: { component: lazyWithReload(() => import('./ApiKeyList')), title: 'apiKeyList' },
  kind: 'custom',
  why: "a key's secret is shown once, in the dialog that follows its creation, and never stored by the SPA; the scopes offered are the ones the creator holds; revoking is a row action with a confirmation",
};
