import { z } from 'zod';
import { maxLengthMessage } from '../../domain/messages';

/** The longest id a path may carry (a uuid, or a key's id): its length is stated (issue 38). */
export const PATH_ID_MAX = 64;
/** A path id that is not a uuid: any text, its length stated; the text rule's characters are the input guard's. */
export const pathIdSchema = z.string().max(PATH_ID_MAX, maxLengthMessage(PATH_ID_MAX));

/** Params of a company-scoped route: {companyId}, and {id} (a uuid) for one record. */
export const scopeParams = z.object({ companyId: pathIdSchema }).strict();
export const itemParams = z.object({ companyId: pathIdSchema, id: z.uuid() }).strict();
