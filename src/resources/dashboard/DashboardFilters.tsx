import { Autocomplete, Box, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useGetIdentity, useGetList, useGetOne, useTranslate } from 'react-admin';
import { FILTER_TEXT_MAX } from '../../../domain/fields';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { DateTimeInput } from '../../components/DateTimeInput';
import { businessToday, PERIOD_PRESETS, PRESET_SPANS, presetRange, type DashboardFilterState, type PeriodCheck, type PeriodPreset } from './period';

const COMPANIES = 'privative-orders/companies';

interface Choice {
  id: string;
  name: string;
}

/**
 * A company of the subtree looked at, for users who may list companies (the reference filters'
 * rule: a choice one may not list is not offered). Empty: the company looked at itself.
 */
function CompanyFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const [q, setQ] = useState('');
  const { data = [], isPending } = useGetList<CompanyRecord>(COMPANIES, { pagination: { page: 1, perPage: 50 }, sort: { field: 'companyName', order: 'ASC' }, filter: q ? { q } : {} });
  // a company chosen before (a link, a reload) that this page of the list does not hold
  const { data: chosen } = useGetOne<CompanyRecord>(COMPANIES, { id: value }, { enabled: Boolean(value) });
  const ownId = String(identity?.companyId ?? '');
  const own: Choice = { id: '', name: translate('dashboard.filters.wholeCompany', { name: String(identity?.companyName ?? '') }) };
  const options: Choice[] = [own, ...data.filter((company) => company.id !== ownId).map((company) => ({ id: String(company.id), name: company.companyName }))];
  if (chosen && !options.some((option) => option.id === String(chosen.id))) options.push({ id: String(chosen.id), name: chosen.companyName });
  return (
    <Autocomplete<Choice, false, true>
      disableClearable
      options={options}
      loading={isPending}
      filterOptions={(x) => x}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      value={options.find((option) => option.id === value) ?? own}
      onInputChange={(_event, text, reason) => reason === 'input' && setQ(text)}
      onChange={(_event, choice) => onChange(choice.id)}
      sx={{ minWidth: { sm: 240 }, flex: { xs: '1 1 100%', sm: '0 1 280px' } }}
      renderInput={(params) => <TextField {...params} size="small" label={translate('dashboard.filters.company')} inputProps={{ ...params.inputProps, maxLength: FILTER_TEXT_MAX }} />}
    />
  );
}

const displayDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A custom period starts from the period shown, to be edited rather than typed from nothing. */
function choosePreset(value: DashboardFilterState, preset: PeriodPreset): Partial<DashboardFilterState> {
  if (preset !== 'custom' || value.preset === 'custom') return { preset };
  const range = presetRange(value.preset, businessToday());
  return { preset, from: displayDay(range.from), to: displayDay(range.to) };
}

/** The period (presets, or two typed days), the company and whether its sub-companies count. */
export function DashboardFilters({ value, onChange, check }: { value: DashboardFilterState; onChange: (update: (previous: DashboardFilterState) => DashboardFilterState) => void; check: PeriodCheck }) {
  const translate = useTranslate();
  const { canAccess: mayListCompanies } = useCanAccess({ resource: COMPANIES, action: 'list' });
  // from the latest state, not this render's: two quick edits in a row both count
  const set = (patch: Partial<DashboardFilterState> | ((previous: DashboardFilterState) => Partial<DashboardFilterState>)) =>
    onChange((previous) => ({ ...previous, ...(typeof patch === 'function' ? patch(previous) : patch) }));
  const error = (field: 'from' | 'to') => (!check.ok && check.field === field ? translate(check.message) : undefined);
  return (
    <Box component="form" role="search" aria-label={translate('dashboard.filters.title')} onSubmit={(event) => event.preventDefault()} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 2 }}>
      <TextField
        select
        size="small"
        label={translate('dashboard.filters.period')}
        value={value.preset}
        onChange={(event) => set((previous) => choosePreset(previous, event.target.value as PeriodPreset))}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 220px' } }}
      >
        {PERIOD_PRESETS.map((preset) => (
          <MenuItem key={preset} value={preset}>
            {translate(`dashboard.filters.presets.${preset}`, { smart_count: PRESET_SPANS[preset] })}
          </MenuItem>
        ))}
      </TextField>
      {value.preset === 'custom' && (
        <>
          <DateTimeInput
            size="small"
            label={translate('dashboard.filters.from')}
            calendarLabel={translate('dashboard.filters.fromCalendar')}
            value={value.from}
            onChange={(from) => set({ from })}
            error={Boolean(error('from'))}
            helperText={error('from')}
            sx={{ flex: { xs: '1 1 140px', sm: '0 1 180px' } }}
          />
          <DateTimeInput
            size="small"
            label={translate('dashboard.filters.to')}
            calendarLabel={translate('dashboard.filters.toCalendar')}
            value={value.to}
            onChange={(to) => set({ to })}
            error={Boolean(error('to'))}
            helperText={error('to')}
            sx={{ flex: { xs: '1 1 140px', sm: '0 1 180px' } }}
          />
        </>
      )}
      {mayListCompanies && <CompanyFilter value={value.companyId} onChange={(companyId) => set({ companyId })} />}
      <FormControlLabel
        control={<Switch checked={value.includeSubCompanies} onChange={(event) => set({ includeSubCompanies: event.target.checked })} />}
        label={translate('dashboard.filters.includeSubCompanies')}
        sx={{ mt: 0.5 }}
      />
    </Box>
  );
}
