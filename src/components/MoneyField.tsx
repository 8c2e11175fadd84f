import { Typography } from '@mui/material';
import { useCallback } from 'react';
import { useLocaleState, useRecordContext } from 'react-admin';
import { formatCents } from '../i18n/formatMoney';

/** A formatter for cents in the current language. */
export function useFormatCents(): (cents: number) => string {
  const [locale] = useLocaleState();
  return useCallback((cents: number) => formatCents(cents, locale), [locale]);
}

/** Shows an integer-cents field of the current record as EUR (e.g. `source="balanceCents"`). */
export function MoneyField({ source, signed = false }: { source: string; label?: string; signed?: boolean }) {
  const record = useRecordContext();
  const format = useFormatCents();
  const value = record?.[source] as number | null | undefined;
  if (typeof value !== 'number') return null;
  const text = format(value);
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {signed && value > 0 ? `+${text}` : text}
    </Typography>
  );
}
