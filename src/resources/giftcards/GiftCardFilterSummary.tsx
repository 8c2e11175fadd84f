import { Chip, Stack } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import type { CardFilter } from '../../../domain/giftcards';
import { formatDate } from '../../i18n/dates';

function StoreName({ id }: { id: string }) {
  const { data } = useGetOne<{ id: string; name: string; code: string }>('privative/stores', { id });
  return <>{data ? `${data.name} (${data.code})` : '…'}</>;
}

/** The applied card filter in words, so a bulk action on "the whole filtered set" says what that set is. */
export function GiftCardFilterSummary({ filter }: { filter: CardFilter }) {
  const translate = useTranslate();
  const entries = Object.entries(filter).filter(([, value]) => value !== undefined && value !== '');
  const valueOf = (key: string, value: unknown) => {
    if (key === 'status') return translate(`giftcards.statusFilter.${String(value)}`);
    if (key === 'storeId') return <StoreName id={String(value)} />;
    if (/(From|To)$/.test(key) && typeof value === 'string') return formatDate(value);
    return String(value);
  };
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1} data-testid="bulk-filter-summary">
      {entries.map(([key, value]) => (
        <Chip
          key={key}
          size="small"
          variant="outlined"
          label={
            <>
              {translate(`giftcards.filters.${key === 'storeId' ? 'store' : key}`)}: <strong>{valueOf(key, value)}</strong>
            </>
          }
        />
      ))}
    </Stack>
  );
}
