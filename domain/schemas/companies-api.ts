import { z } from 'zod';
import { USER_STATUSES } from './auth';
import { recordSchemaOf } from '../fields';
import { companyFields, companySchema, operatorSchema } from './company';
import { operatorFields } from './operator';
import { permissionKeySchema } from './users';

/**
 * Bodies and answers of the companies and operators API (issue 3). The rules themselves are
 * the SPEC §5 schemas of company.ts; these add what the API needs around them.
 */
const uuid = z.uuid('validation.invalid');


/** Company create/update: the SPEC fields plus the parent, chosen among companies in scope. */
export const companyBodySchema = companySchema.extend({ parentId: uuid.optional() });
export type CompanyBody = z.infer<typeof companyBodySchema>;

export const userStatusSchema = z.enum(USER_STATUSES);

/**
 * What a company record offers its caller on the referent (issue 37): `edit` (PUT …/referent),
 * `remove` (DELETE …/referent, never one's own account). None on a referent holding a flag the
 * caller lacks.
 */
export const REFERENT_ACTIONS = ['edit', 'remove'] as const;
export type ReferentAction = (typeof REFERENT_ACTIONS)[number];

/**
 * The flags a user holds and the caller does not (domain/users.ts outOfScopeKeys): when any, the
 * record's `actions` is empty (the server refuses them: 403 USER_OUT_OF_SCOPE) and the screen says why.
 */
const outOfScopeSchema = z.array(permissionKeySchema);

export const referentRecordSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneCountry: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  status: userStatusSchema,
  /** what the caller may do with the referent */
  actions: z.array(z.enum(REFERENT_ACTIONS)),
  outOfScope: outOfScopeSchema,
});
export type ReferentRecord = z.infer<typeof referentRecordSchema>;

/**
 * A company as the API answers it: the declared fields (company.ts), null where a row lacks them
 * (SPEC §3 fields stay nullable in the table: the provider and older rows), a name always; its id,
 * provider flag and times, and what is looked up: the parent's name, the logo, the referent.
 */
const declaredCompany = recordSchemaOf(companyFields, {}).shape;
type NullableShape<T extends z.ZodRawShape> = { [K in keyof T]: z.ZodNullable<T[K]> };
const nullableDeclared = Object.fromEntries(Object.entries(declaredCompany).map(([key, rule]) => [key, rule.nullable()])) as NullableShape<typeof declaredCompany>;
export const companyRecordSchema = z.object({
  id: z.string(),
  ...nullableDeclared,
  companyName: z.string(),
  parentName: z.string().nullable(),
  isProvider: z.boolean(),
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

/**
 * What an operator record offers its caller (issue 37): `edit` (PUT, contact data), `delete`
 * (disable: not a disabled operator, never one's own account). None on an operator holding a flag
 * the caller lacks.
 */
export const OPERATOR_ACTIONS = ['edit', 'delete'] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/** An operator as the API answers it: the declared fields (operator.ts; a contact's phone may be missing), its id, company name, role, status and time. */
const declaredOperator = recordSchemaOf(operatorFields, {}).shape;
export const operatorRecordSchema = z.object({
  id: z.string(),
  ...declaredOperator,
  phoneCountry: declaredOperator.phoneCountry.nullable(),
  phone: declaredOperator.phone.nullable(),
  companyName: z.string(),
  role: z.string(),
  status: userStatusSchema,
  createdAt: z.string(),
  /** what the caller may do with this operator */
  actions: z.array(z.enum(OPERATOR_ACTIONS)),
  outOfScope: outOfScopeSchema,
});
export type OperatorRecord = z.infer<typeof operatorRecordSchema>;
