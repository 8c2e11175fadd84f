import { z } from 'zod';
import { typologyFieldsShape } from '../catalog';
import { defineFields } from '../fields';
import { EXPIRATION_TYPES, TYPOLOGY_TYPES } from '../giftcards';

/**
 * The catalog typology's fields (domain/fields.ts) over its SPEC §3 rules (catalog.ts
 * typologyFieldsShape): what the repository reads its record, values, sorts and filters from
 * (server/modules/giftcards/typologies.repository.ts). The creation dialog is its own form
 * (src/resources/batches/TypologyDialog.tsx: the value and the expiry depend on each other).
 */
export const typologyFields = defineFields(
  z.object(typologyFieldsShape).strict(),
  [
    { source: 'name', label: 'batches.typology.name', column: true, sortable: true },
    { source: 'type', label: 'batches.typology.type', kind: 'select', choices: TYPOLOGY_TYPES.map((id) => ({ id, name: `batches.typologyDialog.types.${id}` })), column: true, filter: true },
    { source: 'valueCents', label: 'batches.typology.value', kind: 'money', column: true },
    { source: 'variableValue', label: 'batches.typology.variableValue', kind: 'boolean', filter: true },
    { source: 'sku', label: 'batches.typology.sku', column: true, sortable: true },
    { source: 'expirationType', label: 'batches.typology.expirationType', kind: 'select', choices: EXPIRATION_TYPES.map((id) => ({ id, name: `batches.typology.expirationTypes.${id}` })) },
    { source: 'expirationMonths', label: 'batches.typology.expirationMonths', kind: 'number' },
    { source: 'expirationDate', label: 'batches.typology.expirationDate', kind: 'date' },
  ],
  { resource: 'privative/typologies', primary: 'name', sorts: ['createdAt'], sort: { field: 'name', order: 'ASC' } },
);
