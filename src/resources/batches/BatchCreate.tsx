import { Box, Paper } from '@mui/material';
import { useCallback, type ReactNode } from 'react';
import { AutocompleteInput, TextInput, useDataProvider, useGetList, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { Batch } from '../../../domain/catalog';
import { LOT_NUMBER_MAX } from '../../../domain/catalog';
import type { Typology } from '../../../domain/giftcards';
import { BATCH_ORDER_REFERENCE_MAX, batchFieldErrorKey, batchFields, type BatchFormBody } from '../../../domain/schemas/batch';
import { FormDateField } from '../../components/FormDateField';
import { BackLink, SchemaForm, SchemaInput } from '../../components/schema';
import { useFormSubmit } from '../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { PageHeading } from '../../components/PageHeading';
import { NewTypologyButton } from './TypologyDialog';
import { BATCHES } from './useBatchRights';

const typologyText = (typology: Typology) => `${typology.name} (${typology.sku})`;

/** The API's generic keys on refused fields, read as each field's own rule (issue 8). */
function withFieldRules(errors: FieldValues | undefined): FieldValues | undefined {
  if (!errors) return errors;
  return Object.fromEntries(Object.entries(errors).map(([field, value]) => [field, typeof value === 'string' ? batchFieldErrorKey(field, value) : value]));
}

/** The inputs of the generate-batch form; `typologyAction` sits beside the typology (new typology). */
export function BatchInputs({ typologyAction }: { typologyAction?: ReactNode }) {
  const translate = useTranslate();
  // the catalog's physical typologies by name, as choices: a reference input would ask for the
  // chosen one by `filter={"id":[…]}`, which the typologies list does not take
  const { data: typologies, isPending } = useGetList<Typology>('privative/typologies', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
    filter: { type: 'PHYSICAL' },
  });
  const declared = (source: string) => batchFields.inputs.find((field) => field.source === source);
  const required = (source: string) => declared(source)?.required ?? false;
  const quantity = declared('quantity');
  return (
    <>
      <TextInput
        source="lotNumber"
        label="batches.fields.lotNumber"
        helperText={translate('batches.form.lotNumberHelp', { max: LOT_NUMBER_MAX, smart_count: LOT_NUMBER_MAX })}
        isRequired={required('lotNumber')}
        autoComplete="off"
        fullWidth
        slotProps={{ htmlInput: { maxLength: LOT_NUMBER_MAX } }}
      />
      {/* on phones the "new typology" button goes below the typology, which keeps the full width */}
      <Box sx={{ display: 'flex', gap: { xs: 0, sm: 1 }, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'flex-start', sm: 'flex-start' }, '& > :first-of-type': { width: { xs: '100%', sm: 'auto' } } }}>
        <AutocompleteInput
          source="typologyId"
          label="batches.fields.typology"
          helperText="batches.form.typologyHelp"
          choices={typologies ?? []}
          optionText={typologyText}
          isPending={isPending}
          isRequired={required('typologyId')}
          fullWidth
          sx={{ flex: 1, minWidth: 0 }}
        />
        {typologyAction}
      </Box>
      {/* a count in the user's language ("10.000" in Italian), read by the domain's reader */}
      {quantity && <SchemaInput field={quantity} />}
      <FormDateField name="expireDate" label={translate('batches.fields.expireDate')} helperText={translate('batches.form.expireDateHelp')} calendarLabel={translate('batches.form.calendar')} />
      <TextInput
        source="orderReference"
        label="batches.fields.orderReference"
        helperText={translate('batches.form.orderReferenceHelp', { max: BATCH_ORDER_REFERENCE_MAX, smart_count: BATCH_ORDER_REFERENCE_MAX })}
        autoComplete="off"
        fullWidth
        slotProps={{ htmlInput: { maxLength: BATCH_ORDER_REFERENCE_MAX } }}
      />
    </>
  );
}

/**
 * /privative/batches/create: lot number, physical typology of the catalog, quantity (1–100,000),
 * optional expiry and order reference. The API stores the batch PENDING and a job generates its
 * cards; the page then opens the batch, whose progress bar follows the generation.
 */
export default function BatchCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const submit = useFormSubmit<BatchFormBody>(
    useCallback(
      async (body) => {
        const { data } = await dataProvider.create<Batch>(BATCHES, { data: body });
        notify('batches.messages.created', { type: 'success' });
        redirect('edit', BATCHES, data.id);
      },
      [dataProvider, notify, redirect],
    ),
  );
  const onSubmit = useCallback(async (values: FieldValues) => withFieldRules(await submit(values)), [submit]);
  return (
    <Box sx={{ maxWidth: 720 }}>
      <BackLink resource={BATCHES} label="batches.actions.backToList" />
      <PageHeading title={translate('screens.batchCreate')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <SchemaForm fields={batchFields} onSubmit={onSubmit as never} submitLabel="batches.form.submit">
          <BatchInputs typologyAction={<NewTypologyButton />} />
        </SchemaForm>
      </Paper>
    </Box>
  );
}
