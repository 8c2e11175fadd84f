import type { CompanyRecord, OperatorRecord } from '../../domain/schemas/companies-api';
import type { StoreRecord } from '../../domain/schemas/stores-api';
import { storeFields } from '../../domain/schemas/store';
import { sequentialId } from './builders-ids';

/**
 * Registry data builders (companies, stores, operators), shared by the SPA tests and the demo
 * data (src/demo). Every builder takes overrides; defaults describe Acme, a customer company.
 */
let serial = 0;
const nextId = (kind: number) => sequentialId(kind, 1000 + ++serial);
const CREATED = '2026-01-05T08:00:00.000Z';

export function company(overrides: Partial<CompanyRecord> = {}): CompanyRecord {
  return {
    id: nextId(1),
    parentId: null,
    parentName: null,
    isProvider: false,
    code: 'ACME',
    companyName: 'Acme S.p.A.',
    businessName: 'Acme S.p.A.',
    vatNumber: 'IT01234567890',
    address: 'Corso Francia 45',
    city: 'Torino',
    municipality: 'Torino',
    province: 'TO',
    zip: '10138',
    hasLogo: false,
    referent: null,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  };
}

/** A store record: the declared fields' defaults (a field added to storeFields is there), a sample store over them. */
export function store(overrides: Partial<StoreRecord> = {}): StoreRecord {
  return {
    ...(storeFields.defaults as StoreRecord),
    id: nextId(3),
    companyId: sequentialId(1, 2),
    code: 'MI-CENTRO',
    name: 'Milano Centro',
    storeCategoryId: 'RETAIL',
    defaultActivationStore: false,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  };
}

export function operator(overrides: Partial<OperatorRecord> = {}): OperatorRecord {
  return {
    id: nextId(2),
    companyId: sequentialId(1, 2),
    companyName: 'Acme S.p.A.',
    firstName: 'Oscar',
    lastName: 'Operatore',
    email: 'oscar@acme.test',
    phoneCountry: '+39',
    phone: '3331234567',
    role: 'OPERATOR',
    status: 'ACTIVE',
    createdAt: CREATED,
    actions: ['edit', 'delete'],
    outOfScope: [],
    ...overrides,
  };
}
