import { Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A record's fields as a definition list (label over value, '—' when empty), three to a row from md. */
export function RecordDetails({ items }: { items: Array<[label: string, value: ReactNode]> }) {
  return (
    <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
      {items.map(([label, value]) => (
        <Grid key={label} size={{ xs: 12, sm: 6, md: 4 }}>
          <Typography variant="caption" color="text.secondary" component="dt">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value || '—'}
          </Typography>
        </Grid>
      ))}
    </Grid>
  );
}
