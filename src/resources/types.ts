import type { ComponentType, ReactElement } from 'react';
import type { ResourceProps } from 'react-admin';
import type { ResourceName } from '../../domain/access';

/**
 * One screen of a resource: the component (lazy, default export, no props), the i18n key of
 * its title under `screens.`, and the access-table action (domain/access.ts) it needs.
 */
export interface ResourceScreen {
  component: ComponentType;
  title: string;
  /** default: `list` for the list, `show` for the detail, `create` for create */
  action?: string;
}

/** A screen at a SPEC §2 sub-path of the resource (`new/referent`, `:id/edit`, wizard steps…). */
export interface ResourceChildScreen extends ResourceScreen {
  path: string;
  action: string;
}

/**
 * A react-admin Resource, declared once. Its `name` is its SPEC §2 path, which is also its
 * access-table key and its dataProvider resource. React-admin mounts it at `name/*`:
 *   - `list`: at the index, or at `list` when SPEC puts it there (the index then redirects);
 *   - `create`: at `create` (react-admin's create route);
 *   - `detail`: at `{id}` — react-admin's *edit* route, so `createPath({ type: 'edit', id })`
 *     and `rowClick="edit"` link to it whatever the screen (show or edit) is;
 *   - `routes`: every other SPEC path below the resource.
 * Unknown sub-paths go back to the section base (SPEC §2).
 */
export interface ResourceDefinition {
  name: ResourceName;
  /** the menu entry (i18n key under `menu.items.`), opening the list; none: not in the menu */
  menu?: string;
  /**
   * 'create': the menu entry is for those the access table lets create in it (the ticket
   * categories: provider staff's work); others keep what the table gives them (reading it where a
   * form of theirs needs it).
   */
  menuAction?: 'create';
  icon?: ComponentType;
  recordRepresentation?: ResourceProps['recordRepresentation'];
  list?: ResourceScreen & { path?: 'list' };
  create?: ResourceScreen;
  detail?: ResourceScreen;
  routes?: ResourceChildScreen[];
  /**
   * How the screens are made: `schema` (generic list/show/form from the domain field
   * declarations) or `custom` (hand-built flow; say why in `why`). Resources without screens (a
   * card's ledger, the report types) are `data`: the dataProvider serves them to other screens.
   */
  kind: 'schema' | 'custom' | 'data';
  why?: string;
}

export interface SectionDefinition {
  /** i18n key under `menu.sections.` */
  key: string;
  /** the section's base path, without the leading slash */
  base: string;
  /** the resource whose list the section index opens (SPEC §2) */
  index: ResourceName;
  icon: ReactElement;
}
