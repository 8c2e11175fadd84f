import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDate, formatDateTime } from '../i18n/dates';

/** An ISO date of the current record as DD/MM/YYYY HH:mm (SPEC §9), or DD/MM/YYYY with `dateOnly`. */
export function DateTimeField({ source, dateOnly = false }: { source: string; label?: string; dateOnly?: boolean }) {
  const record = useRecordContext();
  const value = record?.[source] as string | null | undefined;
  if (!value) return null;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {dateOnly ? formatDate(value) : formatDateTime(value)}
    </Typography>
  );
}
