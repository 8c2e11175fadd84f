import HistoryIcon from '@mui/icons-material/History';
import QueueIcon from '@mui/icons-material/Queue';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import type { ReloadRun } from '../../../../domain/reloadables';
import { lazyWithReload } from '../../../components/lazyWithReload';
import type { ResourceDefinition } from '../../types';

/**
 * Reload runs (issue 10): the reloads screen (manual selection or CSV, now or planned), the queue
 * of planned reloads and the history of runs that ran. A run's page sits under the list it is
 * reached from (`queue-reloads/{runId}`, `reloads-history/{runId}`), so the back link and the
 * menu entry stay where the user came from.
 */
export const reloads: ResourceDefinition = {
  name: 'reloadables/reloads',
  menu: 'reloads',
  icon: SyncAltIcon,
  recordRepresentation: (record: ReloadRun) => record.number,
  list: { component: lazyWithReload(() => import('./ReloadsPage')), title: 'reloads', action: 'create' },
  kind: 'custom',
  why: 'a two-tab flow (cards picked by hand or a CSV), checked by the server before anything runs, all-or-nothing against the plafond, now or at a date',
};

export const queueReloads: ResourceDefinition = {
  name: 'reloadables/queue-reloads',
  menu: 'queueReloads',
  icon: QueueIcon,
  list: { component: lazyWithReload(() => import('./QueueReloadList')), title: 'queueReloads' },
  // the planned run's page ("previous reloads detail"): the queue's own access (list) shows it
  detail: { component: lazyWithReload(() => import('./QueueRunShow')), title: 'reloadRun', action: 'list' },
  kind: 'custom',
  why: 'planned reload rows across runs, deleted one by one or a whole planned run at once, each leading to its run',
};

export const reloadsHistory: ResourceDefinition = {
  name: 'reloadables/reloads-history',
  menu: 'reloadsHistory',
  icon: HistoryIcon,
  recordRepresentation: (record: ReloadRun) => record.number,
  list: { component: lazyWithReload(() => import('./ReloadHistoryList')), title: 'reloadsHistory' },
  detail: { component: lazyWithReload(() => import('./HistoryRunShow')), title: 'reloadRun' },
  kind: 'custom',
  why: 'runs that ran, with their credited and refused rows (and why) and the CSV of their rows',
};

/** A run's rows, read by the queue's and the history's run pages (dataProvider: /reloads/{runId}/rows). */
export const reloadRows: ResourceDefinition = { name: 'reloadables/reload-rows', kind: 'data' };
