import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A record's figures as a grid of label over value (two columns on a phone, four from md), e.g. a run's counters or a check's totals. */
export function FigureGrid({ figures, strong = false, role, sx }: { figures: Array<{ label: string; value: ReactNode; tone?: 'error' }>; strong?: boolean; role?: string; sx?: object }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: 2, ...sx }} role={role}>
      {figures.map((figure) => (
        <Box key={figure.label} sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography component="div" sx={{ overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 600 : undefined }} color={figure.tone === 'error' ? 'error' : undefined}>
            {figure.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
