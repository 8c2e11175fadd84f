import { z } from 'zod';
import { maxLengthMessage, VALIDATION_MESSAGES } from './messages';

/** SPEC §3 "File to upload" as tickets and square orders take it: the limits of its type and name. */
export const UPLOADED_FILE_LIMITS = { typeMax: 200, nameMax: 255 } as const;

/** `{ type, name, content }`, content base64 without the data-URL prefix (each area bounds the content itself). */
export const uploadedFileSchema = z
  .object({
    type: z.string().max(UPLOADED_FILE_LIMITS.typeMax, maxLengthMessage(UPLOADED_FILE_LIMITS.typeMax)),
    name: z.string().min(1, VALIDATION_MESSAGES.required).max(UPLOADED_FILE_LIMITS.nameMax, maxLengthMessage(UPLOADED_FILE_LIMITS.nameMax)),
    content: z.string().min(1, VALIDATION_MESSAGES.required),
  })
  .strict();
