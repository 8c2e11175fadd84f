import InsightsIcon from '@mui/icons-material/Insights';
import { buildingResource, placeholder } from '../building';

/** The embedded analytics dashboard (reports and dashboard issue). */
export const dashboard = buildingResource({ name: 'dashboard', menu: 'dashboard', icon: InsightsIcon, list: placeholder('dashboard') });
