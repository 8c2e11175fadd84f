import { describe, expect, it } from 'vitest';
import { businessToday, dashboardQueryOf, filtersFromSearch, presetRange, searchFromFilters, type DashboardFilterState } from './period';

const base: DashboardFilterState = { preset: 'last30', from: '', to: '', companyId: '', includeSubCompanies: true };

describe('dashboard period', () => {
  it('turns each preset into its first and last day', () => {
    expect(presetRange('last30', '2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(presetRange('thisMonth', '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(presetRange('lastMonth', '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('last12Months', '2026-11-27')).toEqual({ from: '2025-12-01', to: '2026-11-27' });
  });

  it("counts days in the business time zone, not the viewer's", () => {
    // 23:30 UTC on 30 November is already 1 December in Rome
    expect(businessToday(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
  });

  it('asks for a typed custom period as ISO days, with the company and sub-companies', () => {
    expect(dashboardQueryOf({ ...base, preset: 'custom', from: '01/10/2026', to: '31/10/2026', companyId: 'company-2', includeSubCompanies: false }, '2026-11-27')).toEqual({
      ok: true,
      query: { from: '2026-10-01', to: '2026-10-31', companyId: 'company-2', includeSubCompanies: 'false' },
    });
  });

  it("refuses a wrong custom period with the API's rule", () => {
    expect(dashboardQueryOf({ ...base, preset: 'custom', from: '31/10/2026', to: '01/10/2026' }, '2026-11-27')).toEqual({ ok: false, field: 'to', message: 'validation.dateRange' });
    const tooLong = dashboardQueryOf({ ...base, preset: 'custom', from: '01/01/2020', to: '31/12/2026' }, '2026-11-27');
    expect(tooLong).toMatchObject({ ok: false, field: 'to' });
    expect(!tooLong.ok && tooLong.message).toContain('validation.periodTooLong');
    expect(dashboardQueryOf({ ...base, preset: 'custom', from: '', to: '31/10/2026' }, '2026-11-27')).toMatchObject({ ok: false, field: 'from', message: 'validation.required' });
    expect(dashboardQueryOf({ ...base, preset: 'custom', from: '31/02/2026', to: '31/10/2026' }, '2026-11-27')).toMatchObject({ ok: false, field: 'from', message: 'validation.invalid' });
  });

  it('keeps the filters in the URL and reads them back', () => {
    const state: DashboardFilterState = { preset: 'custom', from: '01/10/2026', to: '31/10/2026', companyId: 'company-2', includeSubCompanies: false };
    expect(filtersFromSearch(searchFromFilters(state))).toEqual(state);
    expect(filtersFromSearch(new URLSearchParams('period=nonsense'))).toEqual(base);
  });
});
