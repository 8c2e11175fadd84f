import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { ARCHIVE_STATUS_TONES, archiveStatusKey, type Batch } from '../../../domain/catalog';
import { formatIdRange, useFormatNumber } from '../../i18n/formatMoney';
import { StatusBadge } from '../../components/StatusBadge';
import type { ColumnRender } from '../../components/schema';
import { formatDate } from '../../i18n/dates';

/** A count of cards in the user's language (1.000 / 1,000): the one formatter's. */
export const useFormatCount = useFormatNumber;

/** A value as the record fields show it (body2, on one line). */
const Text = ({ children }: { children: ReactNode }) => (
  <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </Typography>
);

/** The PDF archive's SPEC §4 state, or "not requested" when no archive was asked for. */
export function BatchArchiveBadge({ batch }: { batch: Pick<Batch, 'archiveStatus'> }) {
  const translate = useTranslate();
  if (!batch.archiveStatus) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {translate('batches.fields.archiveNone')}
      </Typography>
    );
  }
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <StatusBadge tone={ARCHIVE_STATUS_TONES[batch.archiveStatus]} status={batch.archiveStatus} label={translate(archiveStatusKey(batch.archiveStatus))} />
    </Box>
  );
}

const nowrap = (text: string | null) => <Text>{text || '—'}</Text>;

/** "502801–512800": the batch's range of progressives (the list's one column for from and to). */
const progressiveRange = (batch: Batch) => (batch.progressiveFrom === null || batch.progressiveTo === null ? null : formatIdRange(batch.progressiveFrom, batch.progressiveTo));

/** How the list and the detail show the batch fields their kinds do not say: no archive yet, in words. */
export const batchCells: ColumnRender = {
  typologyName: (record: RaRecord) => nowrap((record as Batch).typologyName),
  archiveStatus: (record: RaRecord) => <BatchArchiveBadge batch={record as Batch} />,
};

/** The list's cells: the detail's, and one column for the range of progressives. */
export const batchListCells: ColumnRender = {
  ...batchCells,
  // the day is enough to scan a list (the batch's page has the time)
  createdAt: (record: RaRecord) => nowrap(formatDate((record as Batch).createdAt)),
  lotNumber: (record: RaRecord) => nowrap((record as Batch).lotNumber),
  progressiveFrom: (record: RaRecord) => nowrap(progressiveRange(record as Batch)),
};
