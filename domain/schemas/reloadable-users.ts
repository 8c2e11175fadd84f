import { z } from 'zod';
import { defineFields, type DisplayFieldSpec } from '../fields';

/**
 * The cardholders' list (SPEC §2 /reloadables/users): read here, never edited, so display fields.
 * The API sorts by last name only (users.routes.ts), the list's fixed order: no column sorts.
 */
const column = (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label: `reloadables.userFields.${label}`, input: false, column: true, ...extra });

/** `lastName` is the name column (the screen writes first and last name), the link to the holder's page. */
export const reloadableUserFields = defineFields(
  z.object({}).strict(),
  [column('lastName', 'name'), column('email', 'email', { kind: 'email' }), column('phone', 'phone', { kind: 'phone' }), column('clientId', 'clientId'), column('cardCount', 'cardCount', { kind: 'number' })],
  { resource: 'reloadables/users', primary: 'lastName', secondary: ['email', 'phone', 'clientId'], sort: { field: 'lastName', order: 'ASC' }, texts: 'reloadables.users' },
);
