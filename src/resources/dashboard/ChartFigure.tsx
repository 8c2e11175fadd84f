import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { FieldSet } from '../../../domain/fields';
import { browserTimeZone, exportLanguageOf } from '../../components/csvDownload';
import { saveBlob } from '../../components/saveBlob';
import { chartCsv, chartFileStem, chartSvgOf, standaloneSvg, svgToPng } from './chartExport';

export interface ChartData {
  /** the file names' chart word (`outstanding` → dashboard-outstanding_….csv) */
  id: string;
  fields: FieldSet;
  rows: ReadonlyArray<Record<string, unknown>>;
  from: string;
  to: string;
  /** the series' names and colours, drawn under the saved PNG */
  legend: ReadonlyArray<{ label: string; color: string }>;
}

/**
 * One chart as a figure: its visible title (the figure's caption, a heading), and the two
 * downloads — its data as CSV (the declared columns, in the user's language) and the chart as a
 * PNG drawn from its SVG.
 */
export function ChartFigure({ title, data, children }: { title: string; data: ChartData; children: ReactNode }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const chart = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const stem = chartFileStem(data.id, data.from, data.to);

  const downloadCsv = () => saveBlob(chartCsv(data.fields, data.rows, exportLanguageOf(locale), (key) => translate(key), browserTimeZone()), `${stem}.csv`);

  const downloadPng = async () => {
    const svg = chart.current && chartSvgOf(chart.current);
    if (!svg) return;
    setBusy(true);
    try {
      const fontFamily = getComputedStyle(chart.current ?? document.body).fontFamily || 'sans-serif';
      saveBlob(await svgToPng(standaloneSvg(svg), { title, legend: data.legend, fontFamily }), `${stem}.png`);
    } catch {
      notify('dashboard.download.pngFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    // named by the title alone (the caption also holds the buttons)
    <Paper component="figure" aria-labelledby={titleId} variant="outlined" sx={{ m: 0, p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Stack component="figcaption" direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" id={titleId} variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Stack direction="row" sx={{ gap: 0.5 }}>
          <Button size="small" variant="outlined" onClick={downloadCsv} aria-label={translate('dashboard.download.csvLabel', { name: title })}>
            CSV
          </Button>
          <Button size="small" variant="outlined" onClick={() => void downloadPng()} disabled={busy} aria-label={translate('dashboard.download.pngLabel', { name: title })}>
            PNG
          </Button>
        </Stack>
      </Stack>
      <Box ref={chart} sx={{ minWidth: 0 }}>
        {children}
      </Box>
    </Paper>
  );
}
