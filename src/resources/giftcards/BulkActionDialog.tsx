import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, CircularProgress, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate, type Identifier } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import { BULK_STRONG_CONFIRM_OVER, MAX_BULK_FILTER_CARDS, type BulkAction, type BulkBody, type BulkResult, type CardCount, type CardFilter } from '../../../domain/giftcards';
import { ModalDialog } from '../../components/ModalDialog';
import { FormDateField } from '../../components/FormDateField';
import { FormDialog } from '../../components/FormDialog';
import { AmountField } from '../../components/AmountField';
import { createIdempotencyKeys } from '../../components/idempotencyKey';
import { useFormSubmit } from '../../components/useFormSubmit';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { bulkActionNeedsParams, bulkParamsSchema, EMPTY_BULK_PARAMS, firstExpiryDay } from './bulkActionParams';
import { giftCardFilters } from '../../../domain/schemas/giftcard';
import { SchemaFilterChips } from '../../components/schema';
import { OperationSummaryModal } from '../../components/OperationSummaryModal';
import { useGiftCardCount } from './useGiftCardCount';

export type BulkTarget = { ids: Identifier[] } | { filter: CardFilter };

/** "I understand this changes N cards": a tick the big or unfiltered sets need before Confirm. */
function AcknowledgeField({ label }: { label: string }) {
  const translate = useTranslate();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: 'acknowledged', control });
  return (
    <>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
        label={label}
      />
      {fieldState.error?.message && <FormHelperText error>{translate(fieldState.error.message)}</FormHelperText>}
    </>
  );
}

/** While the server counts the filtered set: the dialog says so and can be cancelled. */
function Counting({ title, onClose }: { title: string; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <ModalDialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="bulk-counting-title">
      <DialogTitle id="bulk-counting-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <CircularProgress size={20} />
        <Typography role="status">{translate('giftcards.bulk.counting')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </ModalDialog>
  );
}

/** The filtered set's size in words: "1.234 carte", "più di 10.000 carte". */
function useCountText() {
  const translate = useTranslate();
  return (count: CardCount) => (count.capped ? translate('giftcards.bulk.cardsCapped', { smart_count: count.count }) : translate('giftcards.bulk.cards', { smart_count: count.count }));
}

/**
 * On the whole filtered set the dialog first learns from the server how many cards the filter
 * matches (the list's own count), then states it; with no filter, more than
 * BULK_STRONG_CONFIRM_OVER cards, or a count that stopped at its cap, Confirm also needs the
 * tick "I understand this changes N cards". Selected ids are counted on the screen.
 */
export function BulkActionDialog(props: { action: BulkAction; target: BulkTarget; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const filter = 'filter' in props.target ? props.target.filter : null;
  const count = useGiftCardCount(filter ?? {}, filter !== null);
  if (filter && count.isPending) return <Counting title={translate(`giftcards.bulk.actions.${props.action}`)} onClose={props.onClose} />;
  return <BulkActionForm {...props} count={filter ? (count.data ?? null) : null} />;
}

/**
 * Confirms a bulk action on the selected cards or on the whole filtered set (showing the filter),
 * asks for its parameters, runs it and answers with the operation summary. An action without
 * required parameters is a plain confirmation: it may be sent as it opens.
 */
function BulkActionForm({ action, target, onClose, onDone, count }: { action: BulkAction; target: BulkTarget; onClose: () => void; onDone: () => void; count: CardCount | null }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const countText = useCountText();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { maxTransactionCents } = getRuntimeConfig();
  const [result, setResult] = useState<BulkResult | null>(null);
  const [keyFor] = useState(createIdempotencyKeys);
  const filterIsEmpty = 'filter' in target && Object.keys(target.filter).length === 0;
  // an unknown count (the count call failed) is treated as a big one
  const strong = 'filter' in target && (filterIsEmpty || !count || count.capped || count.count > BULK_STRONG_CONFIRM_OVER);
  const resolver = useMemo(() => zodResolver(bulkParamsSchema(action, maxTransactionCents, locale, strong)), [action, maxTransactionCents, locale, strong]);

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

  const sizeText = count ? countText(count) : translate('giftcards.bulk.cardsUnknown');
  return (
    <FormDialog
      id="bulk-action"
      title={translate(`giftcards.bulk.actions.${action}`)}
      resolver={resolver}
      defaultValues={EMPTY_BULK_PARAMS}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={translate('giftcards.bulk.confirm')}
      allowPristine={!bulkActionNeedsParams(action) && !strong}
      maxWidth="sm"
    >
      <Typography gutterBottom>{translate(`giftcards.bulk.explain.${action}`)}</Typography>
      {'ids' in target ? (
        <Typography>{translate('giftcards.bulk.selectedTarget', { smart_count: target.ids.length })}</Typography>
      ) : (
        <>
          <Typography gutterBottom data-testid="bulk-target-size">
            {translate('giftcards.bulk.filterTargetCount', { cards: sizeText })}
          </Typography>
          {filterIsEmpty ? <Alert severity="warning">{translate('giftcards.bulk.noFilterWarning', { cards: sizeText })}</Alert> : <SchemaFilterChips set={giftCardFilters} filter={target.filter} testId="bulk-filter-summary" />}
          {/* above the count's cap the set may exceed what one call changes: the server refuses over 50,000 */}
          {count?.capped && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {translate('giftcards.bulk.capInfo', { smart_count: MAX_BULK_FILTER_CARDS })}
            </Alert>
          )}
          {strong && <AcknowledgeField label={translate('giftcards.bulk.acknowledge', { cards: sizeText })} />}
        </>
      )}
      {action === 'reload' && <AmountField label={translate('giftcards.bulk.amount')} help="giftcards.bulk.amountHelp" maxCents={maxTransactionCents} />}
      {action === 'activate' && <AmountField label={translate('giftcards.bulk.variableValue')} help="giftcards.bulk.variableValueHelp" maxCents={maxTransactionCents} required={false} autoFocus={false} />}
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
