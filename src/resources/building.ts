import { createElement } from 'react';
import { PlaceholderScreen } from './PlaceholderScreen';
import type { ResourceChildScreen, ResourceDefinition, ResourceScreen } from './types';

/** The "being built" screen titled `screens.<title>`: a later issue swaps in the real component. */
export function placeholder(title: string, action?: string): ResourceScreen {
  const component = () => createElement(PlaceholderScreen, { screen: title });
  component.displayName = `Placeholder(${title})`;
  return { component, title, action };
}

export function placeholderRoute(path: string, title: string, action: string): ResourceChildScreen {
  return { ...placeholder(title, action), path, action };
}

/** A resource whose screens are not built yet; its SPEC paths, menu entry and access already are. */
export function buildingResource(definition: Omit<ResourceDefinition, 'kind'>): ResourceDefinition {
  return { ...definition, kind: 'building' };
}
