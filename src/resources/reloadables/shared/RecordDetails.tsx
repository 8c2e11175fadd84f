import { Grid, Typography, type GridProps } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A record's fields as a definition list (label over value, '—' when empty), three to a row from
 * md unless `size` says otherwise; a third item `true` shows its value large, `numeric` lines up digits.
 */
export function RecordDetails({ items, size = { xs: 12, sm: 6, md: 4 }, numeric = false, testId }: { items: Array<[label: string, value: ReactNode, strong?: boolean]>; size?: GridProps['size']; numeric?: boolean; testId?: string }) {
  return (
    <Grid container spacing={2} component="dl" sx={{ m: 0 }} data-testid={testId}>
      {items.map(([label, value, strong]) => (
        <Grid key={label} size={size}>
          <Typography variant="caption" color="text.secondary" component="dt">
            {label}
          </Typography>
          <Typography component="dd" variant={strong ? 'h6' : 'body1'} sx={{ m: 0, overflowWrap: 'anywhere', ...(numeric ? { fontVariantNumeric: 'tabular-nums' } : {}) }}>
            {value || '—'}
          </Typography>
        </Grid>
      ))}
    </Grid>
  );
}
