import { HttpResponse } from 'msw';
import type { SquareCode, SquareCommunication, SquareOrder, SquareValidation } from '../../../domain/schemas/square';

export const SQUARE = '/api/company/company-1/square';
export const ORDER_ID = 'sq-order-1';

export const squareOrder = (overrides: Partial<SquareOrder> = {}): SquareOrder => ({
  id: ORDER_ID,
  orderNumber: 'SQ-000042',
  companyId: 'company-1',
  companyName: 'Acme',
  host: 'shop.acme.test',
  referentEmail: 'referent@acme.test',
  typology: 'GIFT',
  validMonths: 12,
  totalAmountCents: 150_000,
  totalQuantity: 3,
  status: 'DRAFT',
  approvalRequired: true,
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: 'Ada Lovelace',
  confirmedAt: null,
  approvedAt: null,
  activatedAt: null,
  cancelledAt: null,
  progress: null,
  failure: null,
  deliveries: null,
  actions: ['confirm', 'delete'],
  ...overrides,
});

export const squareValidation = (overrides: Partial<SquareValidation> = {}): SquareValidation => ({
  validCount: 2,
  totalAmountCents: 7500,
  errorCount: 0,
  warningCount: 0,
  problems: [],
  rejected: {},
  header: ['email', 'firstName', 'lastName', 'amount'],
  approvalRequired: false,
  ...overrides,
});

export const squareCode = (overrides: Partial<SquareCode> = {}): SquareCode => ({
  id: 'code-1',
  code: 'SQ7K2M9P4X',
  orderId: ORDER_ID,
  orderNumber: 'SQ-000042',
  companyId: 'company-1',
  host: 'shop.acme.test',
  email: 'mario.rossi@example.com',
  firstName: 'Mario',
  lastName: 'Rossi',
  amountCents: 5000,
  valueCents: 5000,
  typology: 'GIFT',
  status: 'SOLD',
  sellDate: '2026-11-21T10:00:00.000Z',
  activationDate: '2026-11-21T10:00:00.000Z',
  expireDate: '2027-11-21T10:00:00.000Z',
  communicationStatus: 'SENT',
  ...overrides,
});

export const squareCommunication = (overrides: Partial<SquareCommunication> = {}): SquareCommunication => ({
  id: 'comm-1',
  orderId: ORDER_ID,
  orderNumber: 'SQ-000042',
  codeId: 'code-1',
  code: 'SQ7K2M9P4X',
  recipient: 'mario.rossi@example.com',
  status: 'SENT',
  createdAt: '2026-11-21T10:00:00.000Z',
  sentAt: '2026-11-21T10:00:05.000Z',
  retryNumber: 1,
  tries: 1,
  nextAttemptAt: null,
  lastSmtpAnswer: '250 2.0.0 OK',
  ...overrides,
});

/** A list answer as the API gives it (Content-Range with the total). */
export const listOf = (rows: unknown[], name = 'rows') => HttpResponse.json(rows, { headers: { 'Content-Range': `${name} 0-${Math.max(0, rows.length - 1)}/${rows.length}` } });
