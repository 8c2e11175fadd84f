import { z } from 'zod';
import { defineFields } from '../fields';
import { messageWith } from '../messages';
import { text2to40 } from './company';

/** Longest store code and name, and store category id (the API and the import use the same rule). */
export const STORE_TEXT_MAX = 40;

/**
 * Store rules of SPEC §5: letters, digits, spaces, hyphen and comma; 2 to 40 characters. One
 * message states the whole rule (length and characters), so a text too long or with a wrong
 * character is told what is allowed. Keys stay under `validation.` (the API passes only those on).
 */
/** The shortest store code and name. */
export const STORE_TEXT_MIN = 2;
const storeTextMessage = messageWith('validation.storeText', { min: STORE_TEXT_MIN, max: STORE_TEXT_MAX });
const storeText = z
  .string()
  .trim()
  .normalize('NFC')
  .min(STORE_TEXT_MIN, storeTextMessage)
  .max(STORE_TEXT_MAX, storeTextMessage)
  .regex(/^[\p{L}\p{N} ,-]+$/u, storeTextMessage);

export const storeSchema = z
  .object({
    code: storeText,
    name: storeText,
    storeCategoryId: text2to40,
    defaultActivationStore: z.boolean().default(false),
  })
  .strict();
export type StoreInput = z.infer<typeof storeSchema>;

/** The store fields as the screens show them (domain/fields.ts); a new field is one line here. */
export const storeFields = defineFields(
  storeSchema,
  [
    { source: 'code', label: 'stores.fields.code', column: true, sortable: true, maxLength: STORE_TEXT_MAX },
    { source: 'name', label: 'stores.fields.name', column: true, sortable: true, maxLength: STORE_TEXT_MAX },
    { source: 'storeCategoryId', label: 'stores.fields.storeCategoryId', column: true, sortable: true, filter: true, maxLength: STORE_TEXT_MAX },
    { source: 'defaultActivationStore', label: 'stores.fields.defaultActivationStore', kind: 'boolean', column: true },
  ],
  { resource: 'privative/stores', primary: 'name', secondary: ['code', 'storeCategoryId'], sorts: ['createdAt'], sort: { field: 'code', order: 'ASC' }, texts: 'stores.list' },
);
