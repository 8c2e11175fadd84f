import { Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Typology } from '../../../../domain/giftcards';
import { parseAmountInput } from '../../../../domain/money';
import { MAX_ITEM_VALUE_CENTS, type ShippingType } from '../../../../domain/orders';
import { FormTextField } from '../../../components/FormTextField';
import { useFormatCents } from '../../../components/MoneyField';
import { digitalCards, formRangesTotal, needsValue, type ItemFormValues, type SavedFiles } from './itemForm';
import { useExpirationText } from './TypologyCard';

/** The product's face value (or that it is chosen here) and how long its cards last. */
export function TypologySummary({ typology }: { typology: Typology }) {
  const translate = useTranslate();
  const format = useFormatCents();
  const expiration = useExpirationText();
  return (
    <Typography color="text.secondary" sx={{ mb: 1 }}>
      {[
        translate('orderWizard.catalog.sku', { sku: typology.sku }),
        needsValue(typology) ? translate('orderWizard.catalog.variableValue') : translate('orderWizard.customize.fixedValue', { value: format(typology.valueCents!) }),
        expiration(typology),
      ].join(' · ')}
    </Typography>
  );
}

/** The face value in euros, for variable-value typologies only (the catalog's value otherwise). */
export function ValueInput({ typology }: { typology: Typology }) {
  const translate = useTranslate();
  const format = useFormatCents();
  if (!needsValue(typology)) return null;
  return <FormTextField name="value" label={translate('orderWizard.customize.value')} helperText={translate('orderWizard.customize.valueHelp', { max: format(MAX_ITEM_VALUE_CENTS) })} required autoComplete="off" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />;
}

/** Cards × value = price, as the form stands. */
export function ItemTotal({ typology, type, saved }: { typology: Typology; type: ShippingType; saved?: SavedFiles | null }) {
  const translate = useTranslate();
  const format = useFormatCents();
  const [locale] = useLocaleState();
  const { control } = useFormContext<ItemFormValues>();
  const values = useWatch({ control }) as ItemFormValues;
  const cards = type !== 'DIGITAL' ? formRangesTotal({ ranges: values.ranges ?? [] }) : digitalCards(values, saved);
  const value = needsValue(typology) ? parseAmountInput(values.value ?? '', locale) : typology.valueCents;
  if (!Number.isFinite(cards) || cards <= 0 || value === null || value <= 0) return null;
  return (
    <Typography sx={{ mt: 2, fontWeight: 600 }} aria-live="polite" data-testid="item-total">
      {translate('orderWizard.customize.total', { smart_count: cards, value: format(value), total: format(cards * value) })}
    </Typography>
  );
}
