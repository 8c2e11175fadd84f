import { Chip, Stack } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { formatDate } from '../../../i18n/dates';

const DAYS = new Set(['scheduledFrom', 'scheduledTo', 'dateFrom', 'dateTo']);

/** The applied queue or history filters as chips (phones, where the form is folded away); each removes its filter. */
export function ReloadFilterChips() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const filter = filterValues as Record<string, unknown>;
  const valueOf = (key: string, value: unknown) => {
    if (key === 'state') return translate(`reloads.states.${String(value)}`);
    if (key === 'source') return translate(`reloads.sources.${String(value)}`);
    if (DAYS.has(key)) return formatDate(String(value));
    return String(value);
  };
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1}>
      {Object.entries(filter)
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([key, value]) => (
          <Chip
            key={key}
            size="small"
            label={
              <>
                {translate(`reloads.filters.${key}`)}: <strong>{valueOf(key, value)}</strong>
              </>
            }
            onDelete={() => {
              const next = { ...filter };
              delete next[key];
              setFilters(next, undefined);
            }}
          />
        ))}
    </Stack>
  );
}
