import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PlannedReload } from '../../../../domain/reloadables';
import { runRowFields } from '../../../../domain/schemas/reload-runs';
import { type ColumnRender, CompactRows, SchemaList } from '../../../components/schema';
import { ReloadStateBadge, useReasonText } from './reloadTexts';
import { RUN_ROWS } from './resources';

/** Why a row was not credited: a refusal at run time (its code's text) or a deletion from the queue. */
function useRowNote() {
  const translate = useTranslate();
  const reason = useReasonText();
  return (row: PlannedReload) => (row.state !== 'DELETED' ? '' : row.reason ? reason(row.reason) : translate('reloads.run.deletedFromQueue'));
}

/** The rows on a phone: position, card and badge, then amount, customer and why a row was not credited. */
function CompactRunRows() {
  const translate = useTranslate();
  const note = useRowNote();
  return (
    <CompactRows<PlannedReload>
      fields={runRowFields}
      label="reloads.run.rows"
      line={(row, text) => (
        <>
          <Typography component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {text('position')} · {row.cardNumber}
          </Typography>
          <ReloadStateBadge item={row} />
          <Typography component="span" sx={{ ml: 'auto', fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {text('amountCents')}
          </Typography>
        </>
      )}
      secondary={(row, text) => [row.customer, `${translate('reloads.fields.currentAmount')}: ${text('currentAmountCents')}`, note(row)]}
    />
  );
}

/** A run's rows by position, a page at a time (load more), with the state and, for a row not credited, why. */
export function RunRows({ runId }: { runId: string }) {
  const note = useRowNote();
  const render: ColumnRender = { state: (row) => <ReloadStateBadge item={row as PlannedReload} />, reason: (row) => note(row as PlannedReload) };
  return (
    <SchemaList
      fields={runRowFields}
      resource={RUN_ROWS}
      within={{ runId }}
      title="reloads.run.rows"
      perPage={50}
      empty="reloads.run.noRows"
      render={render}
      compact={<CompactRunRows />}
    />
  );
}
