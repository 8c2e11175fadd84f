import { z } from 'zod';
import { defineFields } from '../fields';

/** Store rules of SPEC §5: letters, digits, spaces, hyphen and comma; at least 2 characters. */
const storeText = z
  .string()
  .trim()
  .min(2, 'validation.storeText')
  .max(80, 'validation.storeText')
  .regex(/^[\p{L}\p{N} ,-]+$/u, 'validation.storeText');

export const storeSchema = z
  .object({
    code: storeText,
    name: storeText,
    storeCategoryId: z.string().trim().min(2, 'validation.storeCategory').max(40, 'validation.storeCategory'),
    defaultActivationStore: z.boolean().default(false),
  })
  .strict();
export type StoreInput = z.infer<typeof storeSchema>;

/** The store fields as the screens show them (domain/fields.ts); a new field is one line here. */
export const storeFields = defineFields(
  storeSchema,
  [
    { source: 'code', label: 'stores.fields.code', column: true, sortable: true },
    { source: 'name', label: 'stores.fields.name', column: true, sortable: true },
    { source: 'storeCategoryId', label: 'stores.fields.storeCategoryId', column: true, sortable: true, filter: true },
    { source: 'defaultActivationStore', label: 'stores.fields.defaultActivationStore', kind: 'boolean', column: true },
  ],
  { resource: 'privative/stores' },
);
