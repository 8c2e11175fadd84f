import { Box } from '@mui/material';

/**
 * SPEC §4 badge colours: green (active, sold, completed…), yellow (in progress, pending,
 * disabled), red (locked, cancelled, deleted…), grey (expired gift card, cancelled order),
 * transparent (not active, draft…). Each area maps its own states to a tone.
 */
export type BadgeTone = 'green' | 'yellow' | 'red' | 'grey' | 'transparent';

const TONE_STYLES: Record<BadgeTone, { bgcolor: string; color: string; borderColor: string }> = {
  green: { bgcolor: '#e3f4e6', color: '#1b5e20', borderColor: '#a5d6a7' },
  yellow: { bgcolor: '#fff6d6', color: '#7a5a00', borderColor: '#f3d37a' },
  red: { bgcolor: '#fdecea', color: '#b71c1c', borderColor: '#ef9a9a' },
  grey: { bgcolor: '#eceff1', color: '#455a64', borderColor: '#b0bec5' },
  transparent: { bgcolor: 'transparent', color: '#424242', borderColor: '#bdbdbd' },
};

export function StatusBadge({ tone, label }: { tone: BadgeTone; label: string }) {
  return (
    <Box
      component="span"
      data-tone={tone}
      sx={{
        ...TONE_STYLES[tone],
        display: 'inline-block',
        px: 1,
        py: 0.25,
        border: 1,
        borderRadius: 999,
        fontSize: 12,
        fontWeight: 600,
        lineHeight: 1.6,
        whiteSpace: 'nowrap',
      }}
    >
      {label}
    </Box>
  );
}
