import HistoryIcon from '@mui/icons-material/History';
import QueueIcon from '@mui/icons-material/Queue';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { buildingResource, placeholder } from '../../building';
import type { ResourceDefinition } from '../../types';

/** Reload runs: the reloads screen (manual selection or CSV, now or planned), the queue and the history. */
export const reloads = buildingResource({ name: 'reloadables/reloads', menu: 'reloads', icon: SyncAltIcon, list: placeholder('reloads') });
export const queueReloads = buildingResource({ name: 'reloadables/queue-reloads', menu: 'queueReloads', icon: QueueIcon, list: placeholder('queueReloads') });
export const reloadsHistory = buildingResource({ name: 'reloadables/reloads-history', menu: 'reloadsHistory', icon: HistoryIcon, list: placeholder('reloadsHistory') });
/** A run's rows, read by the queue's and the history's run detail (dataProvider: /reloads/{runId}/rows). */
export const reloadRows: ResourceDefinition = { name: 'reloadables/reload-rows', kind: 'data' };
