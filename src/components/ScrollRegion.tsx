import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A table (or anything) wider than a narrow screen scrolls sideways in this box rather than
 * widening the page. A keyboard user must be able to reach it to scroll it (axe
 * `scrollable-region-focusable`, issue 43): it takes focus (tabIndex 0) and is a named region,
 * so a screen reader says what the focused box holds (its `label`, or the heading `labelledBy` names). Inline-size containment keeps its content's
 * width from counting as the page's minimum width.
 */
export function ScrollRegion({ label, labelledBy, children }: { label?: string; labelledBy?: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0} sx={{ overflowX: 'auto', contain: 'inline-size', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}>
      {children}
    </Box>
  );
}
