import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, IconButton, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { MAX_ITEM_CARDS, MAX_ITEM_RANGES, type OrderStockRun, type ProgressiveRange } from '../../../../domain/orders';
import { FormTextField } from '../../../components/FormTextField';
import { formRangesTotal, parseCount, RANGES_CHECK, WIZARD_MESSAGES, type ItemFormValues } from './itemForm';
import { StockRuns } from './StockRuns';

/**
 * Physical cards: the cards in the cart and the ranges of progressives that make them (initial ≤
 * final, no overlap, adding up to the cart), with the stock they can be drawn from.
 */
export function RangesInput({ typologyId, otherRanges = [] }: { typologyId: string; otherRanges?: readonly ProgressiveRange[] }) {
  const translate = useTranslate();
  const { control, getValues, trigger } = useFormContext<ItemFormValues>();
  const { fields, append, remove, update } = useFieldArray({ control, name: 'ranges' });
  const ranges = useWatch({ control, name: 'ranges' }) ?? [];
  const quantity = useWatch({ control, name: 'quantity' }) ?? '';
  const { errors, isDirty } = useFormState({ control });
  // the ranges' rules span several fields (final vs initial, total vs cart): check them all when any changes
  const watched = JSON.stringify([ranges, quantity]);
  useEffect(() => {
    if (isDirty) void trigger(['ranges', RANGES_CHECK] as never);
  }, [watched, isDirty, trigger]);
  const total = formRangesTotal({ ranges });
  const typedRanges = ranges.map((r) => ({ from: parseCount(r.from), to: parseCount(r.to) })).filter((r) => Number.isFinite(r.from) && Number.isFinite(r.to));
  const cart = parseCount(quantity);
  const check = (errors as Record<string, { message?: string } | undefined>)[RANGES_CHECK]?.message;
  const checkText = check === WIZARD_MESSAGES.rangesTotal ? translate(WIZARD_MESSAGES.rangesTotal, { smart_count: total, cart: Number.isFinite(cart) ? cart : 0 }) : check ? translate(check) : null;

  const use = (run: OrderStockRun) => {
    const current = getValues('ranges');
    const wanted = Number.isFinite(cart) ? cart - formRangesTotal({ ranges: current }) : run.count;
    const count = Math.max(1, Math.min(run.count, wanted > 0 ? wanted : run.count));
    const range = { from: String(run.from), to: String(run.from + count - 1) };
    const emptyRow = current.findIndex((r) => r.from.trim() === '' && r.to.trim() === '');
    if (emptyRow >= 0) update(emptyRow, range);
    else append(range);
  };

  return (
    <>
      <FormTextField name="quantity" label={translate('orderWizard.customize.cartQuantity')} helperText={translate('orderWizard.customize.cartQuantityHelp', { max: MAX_ITEM_CARDS, smart_count: MAX_ITEM_CARDS })} required autoComplete="off" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mt: 1, p: 0 }}>
          {translate('orderWizard.customize.ranges')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('orderWizard.customize.rangesHelp', { max: MAX_ITEM_RANGES, smart_count: MAX_ITEM_RANGES })}
        </Typography>
        {fields.map((field, index) => (
          <Box key={field.id} role="group" aria-label={translate('orderWizard.customize.rangeN', { n: index + 1 })} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <FormTextField name={`ranges.${index}.from`} label={translate('orderWizard.customize.from')} autoComplete="off" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <FormTextField name={`ranges.${index}.to`} label={translate('orderWizard.customize.to')} autoComplete="off" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <IconButton aria-label={translate('orderWizard.customize.removeRange', { n: index + 1 })} onClick={() => remove(index)} disabled={fields.length === 1} sx={{ mt: 3 }}>
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button startIcon={<AddIcon />} onClick={() => append({ from: '', to: '' })}>
            {translate('orderWizard.customize.addRange')}
          </Button>
          <Typography variant="body2" aria-live="polite" data-testid="ranges-total">
            {translate('orderWizard.customize.rangesTotal', { smart_count: total })}
          </Typography>
        </Box>
        {checkText && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }} data-testid="ranges-error">
            {checkText}
          </Alert>
        )}
      </Box>
      <StockRuns typologyId={typologyId} cart={[...otherRanges, ...typedRanges]} onUse={use} />
    </>
  );
}
