import { lazyWithReload } from '../../layout/lazyWithReload';

/** The companies registry screens of SPEC §2, each loaded on first use. */
export const companyScreens = {
  registry: lazyWithReload(() => import('./CompanyRegistry')),
  create: lazyWithReload(() => import('./CompanyCreate')),
  createReferent: lazyWithReload(() => import('./CompanyReferentPage')),
  show: lazyWithReload(() => import('./CompanyShow')),
  edit: lazyWithReload(() => import('./CompanyEdit')),
  editReferent: lazyWithReload(() => import('./CompanyReferentPage')),
};
