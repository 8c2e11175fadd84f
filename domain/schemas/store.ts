import { z } from 'zod';

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
