import { Chip, Stack } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { orderStateKey, type OrderFilter, type OrderState } from '../../../domain/orders';
import { formatDate } from '../../i18n/dates';
import { useTypologyChoices } from './useTypologyChoices';

/** The applied order filters as chips (phones, where the form is folded away); each removes its filter. */
export function OrderFilterChips() {
  const translate = useTranslate();
  const typologies = useTypologyChoices();
  const { filterValues, setFilters } = useListContext();
  const filter = filterValues as OrderFilter;
  const entries = Object.entries(filter).filter(([, value]) => value !== undefined && value !== '');
  const valueOf = (key: string, value: unknown) => {
    if (key === 'state') return translate(orderStateKey(value as OrderState));
    if (key === 'typologyId') return typologies.find((t) => t.id === value)?.name ?? '…';
    if (key === 'dateFrom' || key === 'dateTo') return formatDate(String(value));
    return String(value);
  };
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1}>
      {entries.map(([key, value]) => (
        <Chip
          key={key}
          size="small"
          label={
            <>
              {translate(`orderScreens.filters.${key}`)}: <strong>{valueOf(key, value)}</strong>
            </>
          }
          onDelete={() => {
            const next: Record<string, unknown> = { ...filter };
            delete next[key];
            setFilters(next, undefined);
          }}
        />
      ))}
    </Stack>
  );
}
