import AssessmentIcon from '@mui/icons-material/Assessment';
import { buildingResource, placeholder } from '../building';
import type { ResourceDefinition } from '../types';

/** Generated CSV reports (reports and dashboard issue). */
export const reports = buildingResource({
  name: 'report',
  menu: 'report',
  icon: AssessmentIcon,
  list: { ...placeholder('reportList'), path: 'list' },
});

/** The report types (domain/reports.ts, with the API's names): what the generate form offers. */
export const reportTypes: ResourceDefinition = { name: 'report/types', kind: 'data' };
