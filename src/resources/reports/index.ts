import AssessmentIcon from '@mui/icons-material/Assessment';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

/**
 * Generated CSV reports (issue 21): the list is a SchemaList over domain/schemas/reports.ts
 * (/report redirects to /report/list); a report is made by a job and downloaded from its row or
 * from /downloads?type=report&id=….
 */
export const reports: ResourceDefinition = {
  name: 'report',
  menu: 'report',
  icon: AssessmentIcon,
  list: { component: lazyWithReload(() => import('./ReportList')), title: 'reportList', path: 'list' },
  kind: 'schema',
  why: "a row's state shows the job's progress, a failure's reason or the download; the generate dialog builds the chosen type's parameter inputs from its declaration (domain/reports.ts)",
};

/** The report types (domain/reports.ts, with the API's names): what the generate form offers. */
export const reportTypes: ResourceDefinition = { name: 'report/types', kind: 'data' };
