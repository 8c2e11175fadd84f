import { euroAmountSchema } from '../../components/euroAmountSchema';

/** An amount typed in the user's language → cents, by the SPA's one amount input schema (src/components/euroAmountSchema.ts). */
export const localAmountSchema = (maxCents: number, language: string) => euroAmountSchema(maxCents, language);
