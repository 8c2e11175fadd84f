import { Box, LinearProgress, Typography } from '@mui/material';
import { useId } from 'react';
import { useFormat } from '../i18n/formatMoney';

/** A determinate bar (a bar that advances, not a spinner): its label, what is done of what ("12 of 40 cards") and the percentage, announced politely. */
export function ProgressBar({ label, percent, count, testId, sx }: { label: string; percent: number; count: string; testId: string; sx?: object }) {
  const format = useFormat();
  const id = useId();
  return (
    <Box sx={sx ?? { mb: 2 }} data-testid={testId}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography id={id} variant="body2" sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {count} · {format.percent(percent)}
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={percent} aria-labelledby={id} sx={{ height: 8, borderRadius: 4 }} />
    </Box>
  );
}
