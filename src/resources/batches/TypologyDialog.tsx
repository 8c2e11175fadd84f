import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { BooleanInput, SelectInput, TextInput, useCanAccess, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { MAX_EXPIRATION_MONTHS, MAX_TYPOLOGY_VALUE_CENTS, MIN_EXPIRATION_MONTHS } from '../../../domain/catalog';
import { amountInputText, formatCents } from '../../../domain/format';
import { EXPIRATION_TYPES, TYPOLOGY_TYPES, type Typology } from '../../../domain/giftcards';
import { maxLengthOf } from '../../../domain/messages';
import { AMOUNT_EXAMPLE_CENTS } from '../../../domain/money';
import { typologyFields } from '../../../domain/typology';
import { FormDateField } from '../../components/FormDateField';
import { FormDialog } from '../../components/FormDialog';
import { useFormSubmit } from '../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { TYPOLOGY_FORM_DEFAULTS, typologyFormSchema } from './typologyForm';

const TYPOLOGIES = 'privative/typologies';
const nameMax = maxLengthOf(typologyFields.schema.shape.name);
const skuMax = maxLengthOf(typologyFields.schema.shape.sku);
const typeChoices = TYPOLOGY_TYPES.map((id) => ({ id, name: `batches.typologyDialog.types.${id}` }));
const expirationChoices = EXPIRATION_TYPES.map((id) => ({ id, name: `batches.typology.expirationTypes.${id}` }));

/** The value, unless it is variable. */
function ValueInput() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const variable = useWatch({ name: 'variableValue' }) as boolean;
  if (variable) return null;
  const help = translate('batches.typologyDialog.valueHelp', { max: formatCents(MAX_TYPOLOGY_VALUE_CENTS, locale), example: amountInputText(AMOUNT_EXAMPLE_CENTS.withCents, locale) });
  return <TextInput source="value" label="batches.typology.value" helperText={help} isRequired slotProps={{ htmlInput: { inputMode: 'decimal' } }} />;
}

/** Months for the months-based expirations, a day for a fixed date. */
function ExpiryInput() {
  const translate = useTranslate();
  const expiration = useWatch({ name: 'expirationType' }) as string;
  return expiration === 'FIXED_DATE' ? (
    <FormDateField name="expirationDate" label={translate('batches.typology.expirationDate')} calendarLabel={translate('batches.typologyDialog.calendar')} required />
  ) : (
    <TextInput source="expirationMonths" label="batches.typology.expirationMonths" helperText={translate('batches.typologyDialog.monthsHelp', { min: MIN_EXPIRATION_MONTHS, max: MAX_EXPIRATION_MONTHS, smart_count: MAX_EXPIRATION_MONTHS })} isRequired slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
  );
}

/**
 * SPEC §3 "Batch creation": provider staff add a typology to the catalog without leaving the
 * batch form (name, type, value or variable value, SKU, expiration type with months or a day);
 * the new typology is then chosen in the form.
 */
export function NewTypologyButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [locale] = useLocaleState();
  const { setValue } = useFormContext();
  const { canAccess } = useCanAccess({ resource: TYPOLOGIES, action: 'create' });
  const [open, setOpen] = useState(false);
  const resolver = useMemo(() => zodResolver(typologyFormSchema(locale)), [locale]);
  const submit = useFormSubmit<FieldValues>(
    useCallback(
      async (body) => {
        const { data } = await dataProvider.create<Typology>(TYPOLOGIES, { data: body });
        await queryClient.invalidateQueries({ queryKey: [TYPOLOGIES] });
        notify('batches.typologyDialog.created', { type: 'success' });
        if (data.type === 'PHYSICAL') setValue('typologyId', data.id, { shouldDirty: true, shouldValidate: true });
        setOpen(false);
      },
      [dataProvider, queryClient, notify, setValue],
    ),
  );
  if (!canAccess) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} startIcon={<AddIcon />} sx={{ mt: { xs: 0, sm: 1 }, mb: { xs: 2, sm: 0 }, whiteSpace: 'nowrap', flexShrink: 0 }}>
        {translate('batches.form.newTypology')}
      </Button>
      {open && (
        <FormDialog
          id="new-typology"
          title={translate('batches.typologyDialog.title')}
          resolver={resolver}
          defaultValues={TYPOLOGY_FORM_DEFAULTS}
          onSubmit={submit}
          onClose={() => setOpen(false)}
          submitLabel={translate('batches.typologyDialog.submit')}
          maxWidth="sm"
        >
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            <TextInput source="name" label="batches.typology.name" helperText={translate('batches.typologyDialog.nameHelp', { max: nameMax, smart_count: nameMax })} isRequired autoFocus slotProps={{ htmlInput: { maxLength: nameMax } }} />
            <TextInput source="sku" label="batches.typology.sku" helperText={translate('batches.typologyDialog.skuHelp', { max: skuMax, smart_count: skuMax })} isRequired slotProps={{ htmlInput: { maxLength: skuMax } }} />
            <SelectInput source="type" label="batches.typology.type" choices={typeChoices} isRequired />
            <BooleanInput source="variableValue" label="batches.typology.variableValue" helperText={false} />
            <ValueInput />
            <SelectInput source="expirationType" label="batches.typology.expirationType" choices={expirationChoices} isRequired />
            <ExpiryInput />
          </Box>
        </FormDialog>
      )}
    </>
  );
}
