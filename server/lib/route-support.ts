import { z } from 'zod';

/** Params of a company-scoped route: {companyId}, and {id} (a uuid) for one record. */
export const scopeParams = z.object({ companyId: z.string() }).strict();
export const itemParams = z.object({ companyId: z.string(), id: z.uuid() }).strict();
