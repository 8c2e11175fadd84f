import { Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { z } from 'zod';
import { MAX_TYPOLOGY_VALUE_CENTS, type Batch } from '../../../domain/catalog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ActionDialog } from '../../components/ActionDialog';
import { AmountField } from '../../components/AmountField';
import { createIdempotencyKeys } from '../../components/idempotencyKey';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { euroAmountSchema } from '../../components/euroAmountSchema';

type Mode = 'activate' | 'deactivate';
const SUCCESS: Record<Mode, string> = { activate: 'batches.messages.activationStarted', deactivate: 'batches.messages.deactivationStarted' };

/**
 * Confirms activating or deactivating the batch's cards. A variable-value typology's batch asks
 * the value each card gets. One Idempotency-Key per confirmed content: a double click or a retry
 * after a lost answer starts one job.
 */
export function ActivationDialog({
  batch,
  mode,
  onClose,
  onDone,
  onError,
}: {
  batch: Batch;
  mode: Mode;
  onClose: () => void;
  onDone: () => void;
  onError: (error: unknown) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [keyFor] = useState(createIdempotencyKeys);
  const [busy, setBusy] = useState(false);
  const title = translate(`batches.confirm.${mode}Title`, { lot: batch.lotNumber });
  const text = translate(`batches.confirm.${mode}Text`, { smart_count: batch.quantity });
  const label = translate(`batches.actions.${mode}`);
  const askAmount = mode === 'activate' && batch.valueCents === null;
  const schema = useMemo(() => z.object({ amount: euroAmountSchema(MAX_TYPOLOGY_VALUE_CENTS, locale) }), [locale]);
  const call = (amountCents?: number) => {
    const key = keyFor({ id: batch.id, mode, amountCents });
    return mode === 'activate' ? dataProvider.activateBatch(batch.id, key, amountCents) : dataProvider.deactivateBatch(batch.id, key);
  };

  if (askAmount) {
    return (
      <ActionDialog
        id="batch-activation"
        title={title}
        schema={schema}
        defaultValues={{ amount: '' }}
        run={({ amount }) => call(amount)}
        done={SUCCESS[mode]}
        failure="batches.messages.actionFailed"
        onDone={onDone}
        onClose={onClose}
        submitLabel={label}
        maxWidth="sm"
      >
        <Typography variant="body2">{text}</Typography>
        <AmountField label={translate('batches.confirm.amount')} help="batches.confirm.amountHelp" maxCents={MAX_TYPOLOGY_VALUE_CENTS} />
      </ActionDialog>
    );
  }
  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={label}
      busy={busy}
      onClose={onClose}
      onConfirm={() => {
        setBusy(true);
        call()
          .then(() => {
            notify(SUCCESS[mode], { type: 'success' });
            onDone();
          })
          .catch((error: unknown) => onError(error))
          .finally(() => setBusy(false));
      }}
    >
      <Typography variant="body2">{text}</Typography>
    </ConfirmDialog>
  );
}
