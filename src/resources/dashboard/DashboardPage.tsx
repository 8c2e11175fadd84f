import { Alert, Box, CircularProgress, LinearProgress, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { DashboardEmbed } from '../../../domain/dashboard';
import { actionErrorText } from '../../components/actionErrorText';
import { PageHeading } from '../../components/PageHeading';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { formatDateTime } from '../../i18n/dates';
import { DashboardCharts } from './DashboardCharts';
import { DashboardFilters } from './DashboardFilters';
import { businessToday, dashboardQueryOf, filtersFromSearch, searchFromFilters, type DashboardFilterState } from './period';

// Power BI's client is a chunk of its own: the built-in charts never load it
const PowerBiReport = lazy(() => import('./PowerBiReport'));

const UNAVAILABLE: DashboardEmbed = { mode: 'builtin', fallback: 'POWERBI_UNAVAILABLE' };

/** The built-in charts: filters kept in the URL, the figures of the period asked for. */
function BuiltinDashboard({ companyId }: { companyId: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [search, setSearch] = useSearchParams();
  // the screen's own state, mirrored into the URL (a link or a reload shows the same figures): the
  // URL alone would lag a render behind quick typing
  const [filters, setFilters] = useState<DashboardFilterState>(() => filtersFromSearch(search));
  useEffect(() => {
    const wanted = searchFromFilters(filters);
    if (wanted.toString() !== search.toString()) setSearch(wanted, { replace: true });
  }, [filters, search, setSearch]);
  const check = dashboardQueryOf(filters, businessToday());
  const stats = useQuery({
    queryKey: ['dashboard', 'stats', companyId, check.ok ? check.query : null],
    queryFn: ({ signal }) => dataProvider.dashboardStats(check.ok ? check.query : (undefined as never), signal),
    // a wrong custom period asks nothing: its fields say why
    enabled: check.ok,
    placeholderData: keepPreviousData,
  });
  const error = stats.error ? actionErrorText(stats.error, 'dashboard.errors.load') : null;
  return (
    <>
      <DashboardFilters value={filters} onChange={setFilters} check={check} />
      <Box sx={{ minHeight: 4, mb: 1 }}>{stats.isFetching && <LinearProgress aria-label={translate('dashboard.loading')} />}</Box>
      {error && <Alert severity="error">{error}</Alert>}
      {stats.data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {stats.data.updatedAt ? translate('dashboard.updatedAt', { when: formatDateTime(stats.data.updatedAt) }) : translate('dashboard.neverUpdated')}
          </Typography>
          <DashboardCharts stats={stats.data} />
        </>
      )}
    </>
  );
}

/**
 * SPEC §2 /dashboard: first asks the server how to show it. Power BI Embedded when it is
 * configured (the company's report, re-embedded when the header's company switcher changes the
 * company looked at); the built-in charts otherwise, with a notice when Power BI is configured but
 * gave no token. The embed answer is held only while shown: its token is never stored.
 */
export default function DashboardPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { identity } = useGetIdentity();
  const companyId = identity ? String(identity.companyId ?? '') : null;
  const [embed, setEmbed] = useState<{ companyId: string; embed: DashboardEmbed } | null>(null);

  useEffect(() => {
    if (companyId === null) return;
    const controller = new AbortController();
    setEmbed(null);
    dataProvider.dashboardEmbed(controller.signal).then(
      (answer) => setEmbed({ companyId, embed: answer }),
      () => !controller.signal.aborted && setEmbed({ companyId, embed: UNAVAILABLE }),
    );
    return () => controller.abort();
  }, [companyId, dataProvider]);

  const fallBack = useCallback(() => setEmbed((current) => current && { companyId: current.companyId, embed: UNAVAILABLE }), []);

  const shown = embed && embed.companyId === companyId ? embed.embed : null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeading title={translate('screens.dashboard')} />
      {!shown || companyId === null ? (
        <CircularProgress aria-label={translate('dashboard.loading')} />
      ) : shown.mode === 'powerbi' ? (
        <Suspense fallback={<CircularProgress aria-label={translate('dashboard.loading')} />}>
          <PowerBiReport key={`${companyId}:${shown.reportId}`} embed={shown} onUnavailable={fallBack} />
        </Suspense>
      ) : (
        <>
          {shown.fallback && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('dashboard.powerBi.unavailable')}
            </Alert>
          )}
          <BuiltinDashboard companyId={companyId} />
        </>
      )}
    </Box>
  );
}
