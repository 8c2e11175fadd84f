import StoreIcon from '@mui/icons-material/Store';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

/** SPEC §2 /privative/stores: list, {id}, create; plus the CSV import. */
export const stores: ResourceDefinition = {
  name: 'privative/stores',
  menu: 'stores',
  icon: StoreIcon,
  recordRepresentation: (record: { name: string; code: string }) => `${record.name} (${record.code})`,
  list: { component: lazyWithReload(() => import('./StoreList')), title: 'storeList', path: 'list' },
  create: { component: lazyWithReload(() => import('./StoreCreate')), title: 'storeCreate' },
  detail: { component: lazyWithReload(() => import('./StoreEdit')), title: 'storeDetail', action: 'edit' },
  kind: 'schema',
  why: 'list, forms and detail are schema-driven; the CSV import dialog (upload with per-line results) is hand-built',
};
