import AssessmentIcon from '@mui/icons-material/Assessment';
import { buildingResource, placeholder } from '../building';

/** Generated CSV reports (reports and dashboard issue). */
export const reports = buildingResource({
  name: 'report',
  menu: 'report',
  icon: AssessmentIcon,
  list: { ...placeholder('reportList'), path: 'list' },
});
