import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyWithReload } from '../layout/lazyWithReload';
import { LoadingPage } from '../layout/LoadingPage';
import type { SectionRoutes } from './sectionRoutes';

const PlaceholderScreen = lazyWithReload(() => import('./PlaceholderScreen'));

/** The screens of one main section; unknown sub-paths go back to the section base (SPEC §2). */
export function SectionRouter({ section }: { section: SectionRoutes }) {
  return (
    <Suspense fallback={<LoadingPage />}>
      <Routes>
        {section.routes.map((route) =>
          'redirect' in route ? (
            <Route key={route.path || 'index'} path={route.path || undefined} index={route.path === ''} element={<Navigate to={`${section.base}/${route.redirect}`} replace />} />
          ) : (
            <Route
              key={route.path || 'index'}
              path={route.path || undefined}
              index={route.path === ''}
              element={route.component ? <route.component /> : <PlaceholderScreen screen={route.screen} />}
            />
          ),
        )}
        <Route path="*" element={<Navigate to={section.base} replace />} />
      </Routes>
    </Suspense>
  );
}
