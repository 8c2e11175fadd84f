import { z } from 'zod';
import { USER_STATUSES } from './auth';
import { companySchema, operatorSchema } from './company';

/**
 * Bodies and answers of the companies and operators API (issue 3). The rules themselves are
 * the SPEC §5 schemas of company.ts; these add what the API needs around them.
 */
const uuid = z.uuid('validation.invalid');


/** Company create/update: the SPEC fields plus the parent, chosen among companies in scope. */
export const companyBodySchema = companySchema.extend({ parentId: uuid.optional() });
export type CompanyBody = z.infer<typeof companyBodySchema>;

export const userStatusSchema = z.enum(USER_STATUSES);

export const referentRecordSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneCountry: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  status: userStatusSchema,
});
export type ReferentRecord = z.infer<typeof referentRecordSchema>;

export const companyRecordSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  parentName: z.string().nullable(),
  isProvider: z.boolean(),
  code: z.string().nullable(),
  companyName: z.string(),
  businessName: z.string().nullable(),
  vatNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  municipality: z.string().nullable(),
  province: z.string().nullable(),
  zip: z.string().nullable(),
  hasLogo: z.boolean(),
  referent: referentRecordSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CompanyRecord = z.infer<typeof companyRecordSchema>;

/** Operator create: the SPEC §5 operator rules plus the company it belongs to (in scope). */
export const operatorCreateSchema = operatorSchema.extend({ companyId: uuid.optional() });
export type OperatorCreateBody = z.infer<typeof operatorCreateSchema>;
export const operatorUpdateSchema = operatorSchema;

export const operatorRecordSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneCountry: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string(),
  status: userStatusSchema,
  createdAt: z.string(),
});
export type OperatorRecord = z.infer<typeof operatorRecordSchema>;
