import LayersIcon from '@mui/icons-material/Layers';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

/** SPEC §2 /privative/batches: list, {id}, create (batches of physical cards, their PDF archive). */
export const batches: ResourceDefinition = {
  name: 'privative/batches',
  menu: 'batches',
  icon: LayersIcon,
  recordRepresentation: 'lotNumber',
  list: { component: lazyWithReload(() => import('./BatchList')), title: 'batchList', path: 'list' },
  create: { component: lazyWithReload(() => import('./BatchCreate')), title: 'batchCreate' },
  detail: { component: lazyWithReload(() => import('./BatchShow')), title: 'batchDetail', action: 'show' },
  kind: 'custom',
  why: 'the list is schema-driven; the detail follows running jobs (generation, activation, PDF archive) with a polled progress bar and job actions, and the form picks a physical typology and may add one to the catalog',
};
