import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { useCanAccess, useListContext, useTranslate, type RaRecord } from 'react-admin';
import type { ReloadRunFilter } from '../../../../domain/reloadables';
import { reloadHistoryFields } from '../../../../domain/schemas/reloads';
import { useFormat } from '../../../i18n/formatMoney';
import { PageHeading } from '../../../components/PageHeading';
import { SchemaCompactList, SchemaList, useEditLink } from '../../../components/schema';
import { formatDateTime } from '../../../i18n/dates';
import { useSourceText } from './reloadTexts';
import { HISTORY } from './resources';
import { useHistoryExport } from './useHistoryExport';

const NOWRAP = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** When a run ran: its end, else its start, else its creation. */
const ranAt = (run: RaRecord): string => run.completedAt ?? run.startedAt ?? run.createdAt;

function DownloadButton() {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: HISTORY, action: 'export' });
  const { filterValues } = useListContext();
  const { download, busy } = useHistoryExport();
  if (!canAccess) return null;
  return (
    <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />} disabled={busy} onClick={() => void download(filterValues as ReloadRunFilter)}>
      {translate(busy ? 'reloads.history.downloading' : 'reloads.history.download')}
    </Button>
  );
}

/**
 * /reloadables/reloads-history (SPEC §2): the runs that ran (domain/schemas/reloads.ts), newest
 * first, with what they credited and what they did not; each number leads to the run's page and
 * its rows (with the reason of a refused row); the CSV of the filtered runs' rows. On a phone: number
 * and total credited, then when, how and how many.
 */
export default function ReloadHistoryList() {
  const translate = useTranslate();
  const format = useFormat();
  const sourceText = useSourceText();
  const link = useEditLink(HISTORY);
  const counts = (run: RaRecord) =>
    translate('reloads.history.counts', {
      rows: translate('reloads.history.rows', { smart_count: run.rowCount }),
      credited: translate('reloads.history.credited', { smart_count: run.creditedCount }),
      notCredited: translate('reloads.history.notCredited', { smart_count: run.deletedCount }),
    });
  return (
    <>
      <PageHeading title={translate('screens.reloadsHistory')} />
      <SchemaList
        fields={reloadHistoryFields}
        actions={<DownloadButton />}
        render={{
          createdAt: (run) => <span style={NOWRAP}>{formatDateTime(ranAt(run))}</span>,
          source: (run) => sourceText(run.source),
          fileName: (run) => <span style={{ overflowWrap: 'anywhere' }}>{run.fileName ?? '—'}</span>,
          creditedCount: (run) => <span style={NOWRAP}>{`${format.number(run.creditedCount)} · ${format.cents(run.creditedCents)}`}</span>,
        }}
        compact={
          <SchemaCompactList
            fields={reloadHistoryFields}
            link={link}
            tertiaryText={(run) => format.cents(run.creditedCents)}
            secondaryText={(run) => (
              <>
                <span style={{ display: 'block' }}>{[formatDateTime(ranAt(run)), sourceText(run.source), run.fileName].filter(Boolean).join(' · ')}</span>
                {counts(run)}
              </>
            )}
            empty={null}
          />
        }
        disableSyncWithLocation={false}
      />
    </>
  );
}
