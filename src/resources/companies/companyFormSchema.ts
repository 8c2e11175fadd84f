import { z } from 'zod';
import { companySchema, type CompanyInput } from '../../../domain/schemas/company';
import type { CompanyBody, CompanyRecord } from '../../../domain/schemas/companies-api';

/** The SPEC §5 company rules (the server's schema) plus the parent chosen in the select. */
export const companyFormSchema = companySchema.extend({ parentId: z.string() });
export type CompanyFormValues = z.infer<typeof companyFormSchema>;

/** The two steps of the company form (SPEC §2): identity first, then the address. */
export const COMPANY_STEPS: ReadonlyArray<ReadonlyArray<keyof CompanyFormValues>> = [
  ['code', 'companyName', 'businessName', 'vatNumber', 'parentId'],
  ['address', 'city', 'municipality', 'province', 'zip'],
];

export const EMPTY_COMPANY: CompanyFormValues = {
  code: '',
  companyName: '',
  businessName: '',
  vatNumber: '',
  address: '',
  city: '',
  municipality: '',
  province: '',
  zip: '',
  parentId: '',
};

export function companyFormValues(record: CompanyRecord): CompanyFormValues {
  const fields = Object.keys(EMPTY_COMPANY) as Array<keyof CompanyInput>;
  const values = { ...EMPTY_COMPANY, parentId: record.parentId ?? '' };
  for (const field of fields) values[field] = (record[field] as string | null) ?? '';
  return values;
}

/** An empty parent means "my company" (the server's default). */
export function companyBody(values: CompanyFormValues): CompanyBody {
  const { parentId, ...rest } = values;
  return parentId ? { ...rest, parentId } : rest;
}
