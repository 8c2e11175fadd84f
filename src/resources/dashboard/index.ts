import InsightsIcon from '@mui/icons-material/Insights';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

/** SPEC §2 /dashboard: the analytics dashboard (built-in charts, or the company's Power BI report). */
export const dashboard: ResourceDefinition = {
  name: 'dashboard',
  menu: 'dashboard',
  icon: InsightsIcon,
  list: { component: lazyWithReload(() => import('./DashboardPage')), title: 'dashboard' },
  kind: 'custom',
  why: 'not a list: charts of aggregates with CSV/PNG downloads, or an embedded Power BI report whose token is refreshed in place',
};
