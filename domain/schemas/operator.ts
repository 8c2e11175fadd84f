import { z } from 'zod';
import { defineFields } from '../fields';
import { USER_STATUSES } from './auth';
import { DEFAULT_PHONE_COUNTRY } from '../constants';
import { operatorSchema } from './company';

/** The operator form: the SPEC §5 operator rules plus the company it belongs to (in scope). */
export const operatorFormSchema = operatorSchema.extend({ companyId: z.string().min(1, 'validation.required') });

// SPEC §4 badge colours: active green; pending and disabled yellow
const STATUS_TONES = { ACTIVE: 'green', PENDING_ACTIVATION: 'yellow', DISABLED: 'yellow' } as const;

/** Operator fields (domain/fields.ts): the operators tab of the companies registry and its form. */
export const operatorFields = defineFields(
  operatorFormSchema,
  [
    // chosen when the operator is created; an operator does not move between companies
    { source: 'companyId', label: 'companies.operators.company', kind: 'reference', reference: { resource: 'privative-orders/companies', optionText: 'companyName' }, readOnly: true, show: false, filter: true },
    { source: 'firstName', label: 'companies.contactFields.firstName', column: true, sortable: true },
    { source: 'lastName', label: 'companies.contactFields.lastName', column: true, sortable: true },
    { source: 'phoneCountry', label: 'companies.contactFields.phoneCountry', defaultValue: DEFAULT_PHONE_COUNTRY },
    { source: 'phone', label: 'companies.contactFields.phone', kind: 'phone', column: true },
    { source: 'email', label: 'companies.contactFields.email', kind: 'email', column: true, sortable: true },
    { source: 'companyName', label: 'companies.operators.company', input: false, column: true, sortable: true },
    {
      source: 'status',
      label: 'companies.operators.status',
      input: false,
      kind: 'select',
      choices: USER_STATUSES.map((id) => ({ id, name: `companies.status.${id}`, tone: STATUS_TONES[id] })),
      column: true,
      sortable: true,
      filter: true,
    },
  ],
  { resource: 'privative-orders/operators', primary: 'lastName', secondary: ['email', 'companyName'], sorts: ['createdAt'], sort: { field: 'lastName', order: 'ASC' }, texts: 'companies.operators' },
);
