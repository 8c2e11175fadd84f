import { Box } from '@mui/material';

/**
 * The one status badge of the back office (SPEC §4 badge colours):
 * - green: active, sold, completed, issued, delivered;
 * - yellow: in progress, pending, disabled;
 * - red: locked, cancelled, deleted, expired code, discarded ticket;
 * - grey: expired gift card, cancelled order;
 * - transparent: not active, draft, completed reload.
 *
 * Every list, show page and dialog uses it, so a state looks the same everywhere. Text on
 * background is at least 4.5:1 (WCAG AA) for every tone. Each area maps its states to a tone
 * (`statusTone` covers the common raw states; pass `tone` where the area reads a state
 * differently, e.g. an expired gift card is grey but an expired code is red).
 */
export type BadgeTone = 'green' | 'yellow' | 'red' | 'grey' | 'transparent';

/** MUI palette names (domain/fields.ts choice `tone`) read as SPEC tones, for schema choices. */
export type PaletteTone = 'success' | 'warning' | 'error' | 'info' | 'default';

const PALETTE_TONES: Record<PaletteTone, BadgeTone> = {
  success: 'green',
  warning: 'yellow',
  error: 'red',
  info: 'transparent',
  default: 'grey',
};

// contrast text/background: green 7.9:1, yellow 6.3:1, red 6.1:1, grey 6.2:1, transparent 10:1 on white
export const TONE_STYLES: Record<BadgeTone, { bgcolor: string; color: string; borderColor: string }> = {
  green: { bgcolor: '#e3f4e6', color: '#1b5e20', borderColor: '#81c784' },
  yellow: { bgcolor: '#fff4cc', color: '#6d4c00', borderColor: '#f0c948' },
  red: { bgcolor: '#fdecea', color: '#b71c1c', borderColor: '#e57373' },
  grey: { bgcolor: '#eceff1', color: '#455a64', borderColor: '#b0bec5' },
  transparent: { bgcolor: 'transparent', color: '#424242', borderColor: '#9e9e9e' },
};

/**
 * SPEC §4's tone of the common raw states. `EXPIRED` is grey (a gift card); a code or a
 * reloadable card that expired is red: pass `tone="red"` there. Unknown states are grey.
 */
const STATE_TONES: Record<string, BadgeTone> = {
  ACTIVE: 'green',
  SOLD: 'green',
  COMPLETED: 'green',
  ISSUED: 'green',
  DELIVERED: 'green',
  SHIPMENT_DELIVERED: 'green',
  SUCCESS: 'green',
  IN_PROGRESS: 'yellow',
  PENDING: 'yellow',
  PENDING_ACTIVATION: 'yellow',
  PENDING_CANCEL: 'yellow',
  IN_PROGRESS_CANCEL: 'yellow',
  SHIPMENT_IN_PROGRESS: 'yellow',
  DISABLED: 'yellow',
  LOCKED: 'red',
  FREEZED: 'red',
  CANCELLED: 'red',
  DELETED: 'red',
  DISCARDED: 'red',
  ERROR: 'red',
  EXPIRED: 'grey',
  NOT_ACTIVE: 'transparent',
  DRAFT: 'transparent',
  NEW: 'transparent',
};

export function statusTone(state: string | undefined | null): BadgeTone {
  return (state && STATE_TONES[state.toUpperCase().replace(/[\s-]/g, '_')]) || 'grey';
}

function toBadgeTone(tone: BadgeTone | PaletteTone): BadgeTone {
  return tone in PALETTE_TONES ? PALETTE_TONES[tone as PaletteTone] : (tone as BadgeTone);
}

export interface StatusBadgeProps {
  /** the translated state, shown as is */
  label: string;
  /** SPEC §4 tone (or an MUI palette name from a schema choice); else `statusTone(status)` */
  tone?: BadgeTone | PaletteTone;
  /** the raw state, for the tone when `tone` is not given and as `data-status` for tests */
  status?: string;
}

export function StatusBadge({ tone, label, status }: StatusBadgeProps) {
  const resolved = tone ? toBadgeTone(tone) : statusTone(status);
  return (
    <Box
      component="span"
      data-tone={resolved}
      data-status={status}
      sx={{
        ...TONE_STYLES[resolved],
        display: 'inline-block',
        px: 1,
        py: 0.25,
        border: 1,
        borderRadius: 999,
        fontSize: 12,
        fontWeight: 600,
        lineHeight: 1.6,
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
      }}
    >
      {label}
    </Box>
  );
}
