import type { ResourceDefinition } from '../types';

/** Operators: a tab of the companies registry (no path of their own in SPEC §2). */
export const operators: ResourceDefinition = {
  name: 'privative-orders/operators',
  recordRepresentation: (record: { firstName: string; lastName: string }) => `${record.firstName} ${record.lastName}`,
  kind: 'schema',
};
