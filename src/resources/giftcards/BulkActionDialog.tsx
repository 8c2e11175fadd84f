import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { FormProvider, useForm, useFormState } from 'react-hook-form';
import type { BulkAction, BulkBody, BulkResult, CardFilter } from '../../../domain/giftcards';
import { actionErrorText } from '../../components/actionErrorText';
import { FormDateField } from '../../components/FormDateField';
import { FormTextField } from '../../components/FormTextField';
import { createIdempotencyKeys } from '../../components/idempotencyKey';
import { ModalDialog } from '../../components/ModalDialog';
import { useFormatCents } from '../../components/MoneyField';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import type { TesseraDataProvider } from '../../dataProvider/dataProvider';
import { bulkActionNeedsParams, bulkParamsSchema, EMPTY_BULK_PARAMS, firstExpiryDay, type BulkParamsForm } from './bulkActionParams';
import { GiftCardFilterSummary } from './GiftCardFilterSummary';
import { OperationSummaryModal } from './OperationSummaryModal';

export type BulkTarget = { ids: Identifier[] } | { filter: CardFilter };

function ConfirmButton({ label, needsParams }: { label: string; needsParams: boolean }) {
  const { isDirty, isValid, isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={(needsParams && !isDirty) || !isValid || isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {label}
    </Button>
  );
}

/**
 * Confirms a bulk action on the selected cards or on the whole filtered set (showing the filter),
 * asks for its parameters, runs it and answers with the operation summary.
 */
export function BulkActionDialog({ action, target, onClose, onDone }: { action: BulkAction; target: BulkTarget; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const formatCents = useFormatCents();
  const { maxTransactionCents } = getRuntimeConfig();
  const [result, setResult] = useState<BulkResult | null>(null);
  const [keyFor] = useState(createIdempotencyKeys);
  const schema = useMemo(() => bulkParamsSchema(action, maxTransactionCents), [action, maxTransactionCents]);
  const form = useForm<BulkParamsForm, unknown, BulkBody['params']>({ resolver: zodResolver(schema), mode: 'all', defaultValues: EMPTY_BULK_PARAMS });
  const needsParams = bulkActionNeedsParams(action);

  const submit = async (params: BulkBody['params']) => {
    const scope = 'ids' in target ? { ids: target.ids.map(String) } : { filter: target.filter };
    const body: BulkBody = { action, ...scope, ...(params ? { params } : {}) };
    try {
      setResult(await dataProvider.bulkGiftCards(body, keyFor(body)));
    } catch (error) {
      const text = actionErrorText(error, 'messages.unableToPerformAction');
      if (text) notify(text, { type: 'error', messageArgs: { _: text } });
    }
  };

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
    <ModalDialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="bulk-action-title">
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
          <DialogTitle id="bulk-action-title">{translate(`giftcards.bulk.actions.${action}`)}</DialogTitle>
          <DialogContent>
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
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={form.formState.isSubmitting}>
              {translate('ra.action.cancel')}
            </Button>
            <ConfirmButton label={translate('giftcards.bulk.confirm')} needsParams={needsParams} />
          </DialogActions>
        </Box>
      </FormProvider>
    </ModalDialog>
  );
}
