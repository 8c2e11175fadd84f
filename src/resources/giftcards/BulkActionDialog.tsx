import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { BulkAction, BulkBody, BulkResult, CardFilter } from '../../../domain/giftcards';
import { FormDateField } from '../../components/FormDateField';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { createIdempotencyKeys } from '../../components/idempotencyKey';
import { useFormatCents } from '../../components/MoneyField';
import { useFormSubmit } from '../../components/useFormSubmit';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { bulkActionNeedsParams, bulkParamsSchema, EMPTY_BULK_PARAMS, firstExpiryDay } from './bulkActionParams';
import { GiftCardFilterSummary } from './GiftCardFilterSummary';
import { OperationSummaryModal } from './OperationSummaryModal';

export type BulkTarget = { ids: Identifier[] } | { filter: CardFilter };

/**
 * Confirms a bulk action on the selected cards or on the whole filtered set (showing the filter),
 * asks for its parameters, runs it and answers with the operation summary. An action without
 * required parameters is a plain confirmation: it may be sent as it opens.
 */
export function BulkActionDialog({ action, target, onClose, onDone }: { action: BulkAction; target: BulkTarget; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const formatCents = useFormatCents();
  const { maxTransactionCents } = getRuntimeConfig();
  const [result, setResult] = useState<BulkResult | null>(null);
  const [keyFor] = useState(createIdempotencyKeys);
  const resolver = useMemo(() => zodResolver(bulkParamsSchema(action, maxTransactionCents)), [action, maxTransactionCents]);

  const submit = useFormSubmit(
    useCallback(
      async (params: BulkBody['params']) => {
        const scope = 'ids' in target ? { ids: target.ids.map(String) } : { filter: target.filter };
        const body: BulkBody = { action, ...scope, ...(params ? { params } : {}) };
        setResult(await dataProvider.bulkGiftCards(body, keyFor(body)));
      },
      [action, target, dataProvider, keyFor],
    ),
    'messages.unableToPerformAction',
  );

  if (result) {
    return (
      <OperationSummaryModal
        result={result}
        onClose={() => {
          onDone();
          onClose();
        }}
      />
    );
  }

  const filterIsEmpty = 'filter' in target && Object.keys(target.filter).length === 0;
  return (
    <FormDialog
      id="bulk-action"
      title={translate(`giftcards.bulk.actions.${action}`)}
      resolver={resolver}
      defaultValues={EMPTY_BULK_PARAMS}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={translate('giftcards.bulk.confirm')}
      allowPristine={!bulkActionNeedsParams(action)}
      maxWidth="sm"
    >
      <Typography gutterBottom>{translate(`giftcards.bulk.explain.${action}`)}</Typography>
      {'ids' in target ? (
        <Typography>{translate('giftcards.bulk.selectedTarget', { smart_count: target.ids.length })}</Typography>
      ) : (
        <>
          <Typography gutterBottom>{translate('giftcards.bulk.filterTarget')}</Typography>
          {filterIsEmpty ? <Alert severity="warning">{translate('giftcards.bulk.noFilterWarning')}</Alert> : <GiftCardFilterSummary filter={target.filter} />}
        </>
      )}
      {action === 'reload' && (
        <FormTextField
          name="amount"
          label={translate('giftcards.bulk.amount')}
          helperText={translate('giftcards.bulk.amountHelp', { max: formatCents(maxTransactionCents) })}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          required
          autoFocus
        />
      )}
      {action === 'activate' && (
        <FormTextField
          name="amount"
          label={translate('giftcards.bulk.variableValue')}
          helperText={translate('giftcards.bulk.variableValueHelp', { max: formatCents(maxTransactionCents) })}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      {action === 'editExpiry' && (
        <FormDateField
          name="expireDate"
          label={translate('giftcards.bulk.expireDate')}
          calendarLabel={translate('giftcards.bulk.openCalendar')}
          min={firstExpiryDay()}
          required
          autoFocus
        />
      )}
    </FormDialog>
  );
}
