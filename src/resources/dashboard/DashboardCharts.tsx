import { Alert, Box, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useLocaleState, useTranslate } from 'react-admin';
import { dashboardSeriesFields, dashboardStoreFields, dashboardTypologyFields, type DashboardGranularity, type DashboardStats } from '../../../domain/dashboard';
import { formatCents, formatCompactCents, formatNumber, numberLocale } from '../../../domain/format';
import { formatDate } from '../../i18n/dates';
import { ChartFigure, type ChartData } from './ChartFigure';

/** Series colours, set here (not the theme's palette) so the saved PNG's legend matches the chart. */
const COLORS = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#c62828', '#00838f', '#ad1457', '#4e342e', '#558b2f', '#283593'];
const CHART_HEIGHT = 260;

type Totals = DashboardStats['totals'];

/** A step's first day on the axis: 01/10 for days and weeks, "ott 2026" for months, in the user's language. */
function periodLabel(granularity: DashboardGranularity, language: string): (period: string) => string {
  const format = new Intl.DateTimeFormat(numberLocale(language), granularity === 'month' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  return (period) => format.format(new Date(`${period.slice(0, 10)}T00:00:00Z`));
}

/** Money on an axis, short enough for a phone (domain/format.ts). */
const compactMoney = (language: string) => (cents: number) => formatCompactCents(cents, language);

/** "+12%" / "−3%" against the previous period; null when there is nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}

function Change({ current, previous }: { current: number; previous: number }) {
  const translate = useTranslate();
  const percent = changePercent(current, previous);
  if (percent === null) return <Typography variant="body2" color="text.secondary">{translate('dashboard.change.none')}</Typography>;
  const text = percent > 0 ? `+${percent}%` : percent < 0 ? `\u2212${-percent}%` : '0%';
  const label = translate(percent > 0 ? 'dashboard.change.up' : percent < 0 ? 'dashboard.change.down' : 'dashboard.change.same', { value: `${Math.abs(percent)}%` });
  return (
    <Typography variant="body2" aria-label={label} role="img" sx={{ fontWeight: 600, color: percent > 0 ? 'success.dark' : percent < 0 ? 'error.dark' : 'text.secondary' }}>
      {text}
    </Typography>
  );
}

function KpiTiles({ totals, previous }: { totals: Totals; previous?: Totals }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const tiles: Array<{ key: keyof Totals; value: string; label: string }> = [
    { key: 'soldCount', value: formatNumber(totals.soldCount, locale), label: translate('dashboard.figures.soldCount') },
    { key: 'activatedCents', value: formatCents(totals.activatedCents, locale), label: translate('dashboard.figures.activatedCents') },
    { key: 'consumedCents', value: formatCents(totals.consumedCents, locale), label: translate('dashboard.figures.consumedCents') },
    { key: 'outstandingCents', value: formatCents(totals.outstandingCents, locale), label: translate('dashboard.kpi.outstandingAtEnd') },
  ];
  return (
    <Box component="ul" aria-label={translate('dashboard.kpi.title')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
      {tiles.map((tile) => (
        <Paper component="li" variant="outlined" key={tile.key} sx={{ p: 2, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {tile.label}
          </Typography>
          <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}>
            {tile.value}
          </Typography>
          {previous && <Change current={totals[tile.key]} previous={previous[tile.key]} />}
        </Paper>
      ))}
    </Box>
  );
}

/** The built-in charts of one stats answer (SPEC §2 /dashboard): base figures for every viewer, breakdowns and the comparison with `premium`. */
export function DashboardCharts({ stats }: { stats: DashboardStats }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const money = (cents: number | null) => (cents == null ? '' : formatCents(cents, locale));
  const count = (value: number | null) => (value == null ? '' : formatNumber(value, locale));
  const axisMoney = compactMoney(locale);
  const label = periodLabel(stats.granularity, locale);
  const periods = stats.series.map((point) => point.period);
  const chart = (id: string, fields: ChartData['fields'], rows: ChartData['rows'], legend: ChartData['legend']): ChartData => ({ id, fields, rows, legend, from: stats.from, to: stats.to });
  const t = (key: string) => translate(`dashboard.figures.${key}`);
  const premium = stats.premium;
  const xAxis = { scaleType: 'band' as const, data: periods, valueFormatter: label, tickLabelMinGap: 8 };
  // a fixed width: 'auto' measured "10K €" short and cut it
  const moneyAxis = [{ valueFormatter: (value: number) => axisMoney(value), width: 64 }];

  const comparisonRows = premium ? [{ period: premium.previous.from, ...premium.previous.totals }, { period: stats.from, ...stats.totals }] : [];
  const current = translate('dashboard.comparison.current', { from: formatDate(stats.from), to: formatDate(stats.to) });
  const previous = premium ? translate('dashboard.comparison.previous', { from: formatDate(premium.previous.from), to: formatDate(premium.previous.to) }) : '';
  const storeName = (name: string | null) => name ?? translate('dashboard.noStore');

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <KpiTiles totals={stats.totals} previous={premium?.previous.totals} />
      {stats.series.length === 0 && <Alert severity="info">{translate('dashboard.empty')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        <ChartFigure title={t('outstandingCents')} data={chart('outstanding', dashboardSeriesFields, stats.series, [{ label: t('outstandingCents'), color: COLORS[0] }])}>
          <LineChart
            height={CHART_HEIGHT}
            skipAnimation
            hideLegend
            xAxis={[{ ...xAxis, scaleType: 'point' }]}
            yAxis={moneyAxis}
            series={[{ data: stats.series.map((point) => point.outstandingCents), label: t('outstandingCents'), color: COLORS[0], valueFormatter: money, showMark: false, area: true }]}
          />
        </ChartFigure>
        <ChartFigure
          title={translate('dashboard.charts.soldActivated')}
          data={chart('sold-activated', dashboardSeriesFields, stats.series, [
            { label: t('soldCount'), color: COLORS[0] },
            { label: t('activatedCount'), color: COLORS[1] },
          ])}
        >
          <BarChart
            height={CHART_HEIGHT}
            skipAnimation
            xAxis={[xAxis]}
            yAxis={[{ valueFormatter: (value: number) => count(value), width: 'auto' }]}
            series={[
              { data: stats.series.map((point) => point.soldCount), label: t('soldCount'), color: COLORS[0], valueFormatter: count },
              { data: stats.series.map((point) => point.activatedCount), label: t('activatedCount'), color: COLORS[1], valueFormatter: count },
            ]}
          />
        </ChartFigure>
        <ChartFigure title={t('consumedCents')} data={chart('consumed', dashboardSeriesFields, stats.series, [{ label: t('consumedCents'), color: COLORS[2] }])}>
          <BarChart height={CHART_HEIGHT} skipAnimation hideLegend xAxis={[xAxis]} yAxis={moneyAxis} series={[{ data: stats.series.map((point) => point.consumedCents), label: t('consumedCents'), color: COLORS[2], valueFormatter: money }]} />
        </ChartFigure>
        {premium && (
          <ChartFigure
            title={translate('dashboard.charts.comparison')}
            data={chart('comparison', dashboardSeriesFields, comparisonRows, [
              { label: previous, color: COLORS[3] },
              { label: current, color: COLORS[0] },
            ])}
          >
            <BarChart
              height={CHART_HEIGHT}
              skipAnimation
              xAxis={[{ scaleType: 'band', data: [t('activatedCents'), t('consumedCents'), t('outstandingCents')] }]}
              yAxis={moneyAxis}
              series={[
                { data: [premium.previous.totals.activatedCents, premium.previous.totals.consumedCents, premium.previous.totals.outstandingCents], label: previous, color: COLORS[3], valueFormatter: money },
                { data: [stats.totals.activatedCents, stats.totals.consumedCents, stats.totals.outstandingCents], label: current, color: COLORS[0], valueFormatter: money },
              ]}
            />
          </ChartFigure>
        )}
        {premium && (
          <ChartFigure
            title={translate('dashboard.charts.typology')}
            data={chart(
              'typology',
              dashboardTypologyFields,
              premium.byTypology,
              premium.byTypology.map((row, index) => ({ label: row.typologyName, color: COLORS[index % COLORS.length] })),
            )}
          >
            {premium.byTypology.length === 0 ? (
              <Typography color="text.secondary">{translate('dashboard.empty')}</Typography>
            ) : (
              <>
                <PieChart
                  height={CHART_HEIGHT}
                  skipAnimation
                  series={[
                    {
                      data: premium.byTypology.map((row, index) => ({ id: row.typologyId, value: Math.max(0, row.outstandingCents), label: row.typologyName, color: COLORS[index % COLORS.length] })),
                      valueFormatter: (item) => money(item.value),
                      innerRadius: 40,
                    },
                  ]}
                />
                {/* on a phone the table scrolls sideways: a named region the keyboard can reach and scroll */}
                <Box sx={{ overflowX: 'auto', mt: 1 }} tabIndex={0} role="region" aria-label={translate('dashboard.charts.typologyTable')}>
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('typology')}</TableCell>
                        <TableCell align="right">{t('outstandingCents')}</TableCell>
                        <TableCell align="right">{t('soldCount')}</TableCell>
                        <TableCell align="right">{t('consumedCents')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {premium.byTypology.map((row) => (
                        <TableRow key={row.typologyId}>
                          <TableCell>{row.typologyName}</TableCell>
                          <TableCell align="right">{money(row.outstandingCents)}</TableCell>
                          <TableCell align="right">{count(row.soldCount)}</TableCell>
                          <TableCell align="right">{money(row.consumedCents)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              </>
            )}
          </ChartFigure>
        )}
        {premium && (
          <ChartFigure
            title={translate('dashboard.charts.store')}
            data={chart(
              'store',
              dashboardStoreFields,
              premium.byStore.map((row) => ({ ...row, storeName: storeName(row.storeName) })),
              [{ label: t('consumedCents'), color: COLORS[2] }],
            )}
          >
            {premium.byStore.length === 0 ? (
              <Typography color="text.secondary">{translate('dashboard.empty')}</Typography>
            ) : (
              <BarChart
                height={Math.max(CHART_HEIGHT, premium.byStore.length * 32 + 60)}
                skipAnimation
                hideLegend
                layout="horizontal"
                yAxis={[{ scaleType: 'band', data: premium.byStore.map((row) => storeName(row.storeName)), width: 'auto' }]}
                xAxis={[{ valueFormatter: (value: number) => axisMoney(value), tickLabelMinGap: 12 }]}
                series={[{ data: premium.byStore.map((row) => row.consumedCents), label: t('consumedCents'), color: COLORS[2], valueFormatter: money }]}
              />
            )}
          </ChartFigure>
        )}
      </Box>
    </Box>
  );
}
