import { Typography } from '@mui/material';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { ARCHIVE_STATUS_TONES, archiveStatusKey, type Batch } from '../../../domain/catalog';
import { StatusBadge } from '../../components/StatusBadge';
import type { ColumnRender } from '../../components/schema';
import { formatDate, formatDateTime } from '../../i18n/dates';

/** A count of cards in the user's language (10.000 / 10,000). */
export function useFormatCount() {
  const [locale] = useLocaleState();
  return (value: number | null | undefined) => (value == null ? '—' : new Intl.NumberFormat(locale.startsWith('en') ? 'en-GB' : 'it-IT').format(value));
}

function Count({ value }: { value: number | null }) {
  const format = useFormatCount();
  return <span style={{ whiteSpace: 'nowrap' }}>{format(value)}</span>;
}

/** The PDF archive's SPEC §4 state, or "not requested" when no archive was asked for. */
export function BatchArchiveBadge({ batch }: { batch: Pick<Batch, 'archiveStatus'> }) {
  const translate = useTranslate();
  if (!batch.archiveStatus) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {translate('batches.fields.archiveNone')}
      </Typography>
    );
  }
  return <StatusBadge tone={ARCHIVE_STATUS_TONES[batch.archiveStatus]} status={batch.archiveStatus} label={translate(archiveStatusKey(batch.archiveStatus))} />;
}

const nowrap = (text: string) => (text ? <span style={{ whiteSpace: 'nowrap' }}>{text}</span> : '—');

/** How the list and the detail show the batch fields that are not plain text. */
export const batchCells: ColumnRender = {
  createdAt: (record: RaRecord) => nowrap(formatDateTime((record as Batch).createdAt)),
  expireDate: (record: RaRecord) => nowrap(formatDate((record as Batch).expireDate)),
  archiveStatus: (record: RaRecord) => <BatchArchiveBadge batch={record as Batch} />,
  quantity: (record: RaRecord) => <Count value={(record as Batch).quantity} />,
};
