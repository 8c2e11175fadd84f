import { Alert, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useFormatCents } from '../../../components/MoneyField';
import { formatDateTime } from '../../../i18n/dates';

/**
 * The last step before money moves: how many reloads, their total, now or when. The error of a
 * refused attempt stays in the dialog, so "confirm" again retries with the same Idempotency-Key.
 */
export function RunConfirmDialog({
  count,
  totalCents,
  scheduledAt,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  count: number;
  totalCents: number;
  scheduledAt?: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const when = scheduledAt ? translate('reloads.confirm.at', { when: formatDateTime(scheduledAt) }) : translate('reloads.confirm.now');
  return (
    <ConfirmDialog
      open
      title={translate(scheduledAt ? 'reloads.confirm.planTitle' : 'reloads.confirm.title')}
      confirmLabel={translate(scheduledAt ? 'reloads.run.plan' : 'reloads.run.now')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Typography>{translate('reloads.confirm.summary', { smart_count: count, total: formatCents(totalCents), when })}</Typography>
      {busy && !scheduledAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
          {translate('reloads.confirm.running')}
        </Typography>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
