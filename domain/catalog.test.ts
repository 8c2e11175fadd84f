import { describe, expect, it } from 'vitest';
import en from '../locales/en/batches.json';
import it_ from '../locales/it/batches.json';
import {
  ARCHIVE_STATUS_CHOICES,
  ARCHIVE_STATUSES,
  archiveProgress,
  BATCH_STATUS_CHOICES,
  BATCH_STATUSES,
  batchActionAllowed,
  batchCreateSchema,
  batchProgress,
  readRefusalSummary,
  refusalSummary,
  typologyCreateSchema,
} from './catalog';
import { issuesToErrors } from './errors';

const errorsOf = (result: { success: boolean; error?: { issues: Parameters<typeof issuesToErrors>[0] } }) => (result.success ? {} : issuesToErrors(result.error!.issues));
const typology = { name: 'Card', type: 'PHYSICAL', valueCents: 2500, sku: 'GC-1', expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 12 };

describe('catalog contract', () => {
  it('names every batch and archive state in both languages, with SPEC §4 badge tones', () => {
    for (const status of BATCH_STATUSES) {
      expect(en.status[status]).toBeTruthy();
      expect(it_.status[status]).toBeTruthy();
    }
    for (const status of ARCHIVE_STATUSES) expect(en.archiveStatus[status] && it_.archiveStatus[status]).toBeTruthy();
    expect(en.status.ERROR).toBe('Verification');
    const tone = (id: string) => BATCH_STATUS_CHOICES.find((c) => c.id === id)?.tone;
    expect([tone('COMPLETED'), tone('PENDING'), tone('IN_PROGRESS_ACTIVATION'), tone('ERROR'), tone('ERROR_DEACTIVATE')]).toEqual(['green', 'yellow', 'yellow', 'red', 'red']);
    expect(ARCHIVE_STATUS_CHOICES.map((c) => c.name)).toEqual(ARCHIVE_STATUSES.map((s) => `batches.archiveStatus.${s}`));
  });

  it('checks a typology: a fixed value unless variable, months or a date by expiration type', () => {
    expect(typologyCreateSchema.safeParse(typology).success).toBe(true);
    expect(typologyCreateSchema.parse({ ...typology, valueCents: undefined, variableValue: true })).toMatchObject({ variableValue: true });
    expect(errorsOf(typologyCreateSchema.safeParse({ ...typology, valueCents: undefined }))).toEqual({ valueCents: 'validation.required' });
    expect(errorsOf(typologyCreateSchema.safeParse({ ...typology, variableValue: true }))).toEqual({ valueCents: 'validation.invalid' });
    expect(errorsOf(typologyCreateSchema.safeParse({ ...typology, valueCents: 12.5 }))).toEqual({ valueCents: 'validation.amount' });
    expect(errorsOf(typologyCreateSchema.safeParse({ ...typology, expirationMonths: 0 }))).toEqual({ expirationMonths: 'validation.numberRange?min=1&max=120' });
    expect(errorsOf(typologyCreateSchema.safeParse({ ...typology, expirationType: 'MONTHS_FROM_FIRST_USE', expirationMonths: null }))).toEqual({
      expirationMonths: 'validation.required',
    });
    expect(typologyCreateSchema.safeParse({ ...typology, expirationType: 'FIXED_DATE', expirationMonths: null, expirationDate: '2027-01-31' }).success).toBe(true);
    expect(errorsOf(typologyCreateSchema.safeParse({ ...typology, expirationDate: '2027-01-31' }))).toEqual({ expirationDate: 'validation.invalid' });
  });

  it('checks a batch: lot number, typology, quantity 1–100,000, optional expiry day', () => {
    const batch = { lotNumber: 'LOT-1/A', typologyId: '7a1d6a3c-0000-4000-8000-000000000000', quantity: 100_000 };
    expect(batchCreateSchema.safeParse(batch).success).toBe(true);
    expect(errorsOf(batchCreateSchema.safeParse({ ...batch, quantity: 100_001, lotNumber: ' ', expireDate: '31/12/2027' }))).toEqual({
      quantity: 'validation.numberRange?min=1&max=100000',
      lotNumber: 'validation.required',
      expireDate: 'validation.invalid',
    });
  });

  it('allows each batch action only from its states', () => {
    const allowed = (action: 'activate' | 'deactivate' | 'archive', activated: boolean) =>
      BATCH_STATUSES.filter((status) => batchActionAllowed(action, { status, activated }));
    expect(allowed('activate', false)).toEqual(['ERROR_ACTIVATION', 'COMPLETED']);
    expect(allowed('activate', true)).toEqual(['ERROR_ACTIVATION']);
    expect(allowed('deactivate', true)).toEqual(['ERROR_DEACTIVATE', 'COMPLETED']);
    expect(allowed('deactivate', false)).toEqual(['ERROR_DEACTIVATE']);
    expect(allowed('archive', false)).not.toContain('IN_PROGRESS');
    expect(allowed('archive', false)).toContain('COMPLETED');
  });

  it('writes the refused cards of a job as counted codes, and reads them back', () => {
    const summary = refusalSummary(['ALREADY_USED', 'INTERNAL_ERROR', 'ALREADY_USED', 'ALREADY_USED']);
    expect(summary).toBe('3 × ALREADY_USED, 1 × INTERNAL_ERROR');
    expect(readRefusalSummary(summary)).toEqual([
      { code: 'ALREADY_USED', count: 3 },
      { code: 'INTERNAL_ERROR', count: 1 },
    ]);
    // a job's lone error code is read as a code without a count
    expect(readRefusalSummary('PDF_FAILED')).toEqual([{ code: 'PDF_FAILED', count: null }]);
  });

  it('reads no code out of a message that is no summary (free text, a summary cut short)', () => {
    expect(readRefusalSummary('connection terminated unexpectedly')).toBeNull();
    expect(readRefusalSummary('3 × ALREADY_USED, relation "x" does not exist')).toBeNull();
    expect(readRefusalSummary('3 × ALREADY_USED, 1 ×')).toBeNull();
    expect(readRefusalSummary('3 × already_used')).toBeNull();
    expect(readRefusalSummary('')).toBeNull();
  });

  it('reports the progress of the running work, null when idle', () => {
    expect(batchProgress({ status: 'IN_PROGRESS', quantity: 3000, generatedCount: 1000, activationCount: 0 })).toBe(33);
    expect(batchProgress({ status: 'IN_PROGRESS_DEACTIVATE', quantity: 200, generatedCount: 200, activationCount: 50 })).toBe(25);
    expect(batchProgress({ status: 'COMPLETED', quantity: 200, generatedCount: 200, activationCount: 200 })).toBeNull();
    expect(archiveProgress({ archiveStatus: 'IN_PROGRESS', quantity: 10_000, archiveCount: 2_500 })).toBe(25);
    expect(archiveProgress({ archiveStatus: 'COMPLETED', quantity: 10, archiveCount: 10 })).toBeNull();
  });
});
