import { Resource } from 'react-admin';
import { Navigate, Route, useLocation, useParams } from 'react-router-dom';
import { RouteGuard } from '../routes/RouteGuard';
import { listPathOf, REGISTRY, sectionOf } from './registry';
import { ExactPath, ResourceScreenGate } from './ResourceScreenGate';
import { SECTIONS } from './sections';
import type { ResourceDefinition, ResourceScreen } from './types';

/** `/privative/stores?filter=…` → `/privative/stores/list?filter=…`: the list keeps its query. */
function ToList({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

function gate(definition: ResourceDefinition, screen: ResourceScreen, defaultAction: string) {
  return <ResourceScreenGate resource={definition.name} action={screen.action ?? defaultAction} title={screen.title} component={screen.component} />;
}

/**
 * The list slot (`/*`): the list or its redirect to `…/list`; anything deeper is unknown. A
 * resource with no list of its own (typologies, operators, integrated orders: opened from another
 * screen) has no screen at its bare path either: it goes back to the section base as any unknown
 * path does (SPEC §2), never a blank page.
 */
function indexElement(definition: ResourceDefinition, base: string) {
  const list = definition.list;
  if (!list) return <Navigate to={base === `/${definition.name}` ? '/' : base} replace />;
  const inner = list.path === 'list' ? <ToList to={listPathOf(definition)} /> : gate(definition, list, 'list');
  return <ExactPath fallback={base}>{inner}</ExactPath>;
}

/** One `<Resource>` per registry entry, at the SPEC paths its definition names. */
export function resourceElements() {
  return REGISTRY.map((definition) => {
    const base = `/${sectionOf(definition.name).base}`;
    const { list, create, detail, routes = [] } = definition;
    return (
      <Resource
        key={definition.name}
        name={definition.name}
        icon={definition.icon}
        recordRepresentation={definition.recordRepresentation}
        list={indexElement(definition, base)}
        create={create ? gate(definition, create, 'create') : undefined}
        edit={detail ? <ExactPath fallback={base}>{gate(definition, detail, 'show')}</ExactPath> : undefined}
        hasCreate={Boolean(create) || routes.some((route) => route.action === 'create')}
        hasEdit={Boolean(detail)}
      >
        {list?.path === 'list' && <Route path="list" element={gate(definition, list, 'list')} />}
        {routes.map((route) => (
          <Route key={route.path} path={route.path} element={gate(definition, route, route.action)} />
        ))}
      </Resource>
    );
  });
}

function SectionIndex({ to }: { to: string }) {
  // `/section` opens its index; `/section/unknown` goes back to `/section` (SPEC §2)
  const rest = useParams()['*'];
  return <RouteGuard>{rest ? <Navigate to={`/${to.split('/')[1]}`} replace /> : <Navigate to={to} replace />}</RouteGuard>;
}

/** Sections holding several resources get a route of their own for their index and unknown paths. */
export function sectionRoutes() {
  return SECTIONS.filter((section) => section.index !== section.base).map((section) => {
    const index = REGISTRY.find((definition) => definition.name === section.index);
    const to = index ? listPathOf(index) : `/${section.base}`;
    return <Route key={section.key} path={`/${section.base}/*`} element={<SectionIndex to={to} />} />;
  });
}
