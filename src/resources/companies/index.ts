import BusinessIcon from '@mui/icons-material/Business';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

const CompanyReferentPage = lazyWithReload(() => import('./CompanyReferentPage'));

/**
 * SPEC §2 /privative-orders/companies: list (with the operators tab), new, new/referent, {id},
 * {id}/edit, {id}/edit/referent.
 */
export const companies: ResourceDefinition = {
  name: 'privative-orders/companies',
  menu: 'companies',
  icon: BusinessIcon,
  recordRepresentation: 'companyName',
  list: { component: lazyWithReload(() => import('./CompanyRegistry')), title: 'companyList', path: 'list' },
  detail: { component: lazyWithReload(() => import('./CompanyShow')), title: 'companyDetail' },
  routes: [
    { path: 'new', component: lazyWithReload(() => import('./CompanyCreate')), title: 'companyCreate', action: 'create' },
    { path: 'new/referent', component: CompanyReferentPage, title: 'companyReferentCreate', action: 'create' },
    { path: ':id/edit', component: lazyWithReload(() => import('./CompanyEdit')), title: 'companyEdit', action: 'edit' },
    { path: ':id/edit/referent', component: CompanyReferentPage, title: 'companyReferentEdit', action: 'edit' },
  ],
  kind: 'schema',
  why: 'the forms, list and show are schema-driven; the logo upload, the delete that lists what is left, and the two-step stepper around the schema form are hand-built',
};
