import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Checkbox, FormControlLabel, Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { storeSchema } from '../../../domain/schemas/store';
import { FormTextField } from '../../components/FormTextField';
import { SubmitButton } from '../../components/SubmitButton';
import { useSubmitWithNotify } from '../../pages/useSubmitWithNotify';
import { applyFieldErrors } from '../companies/CompanyForm';

/** The form holds the flag as a plain boolean (the schema's default only matters to the API). */
export type StoreFormValues = z.input<typeof storeSchema> & { defaultActivationStore: boolean };
export const EMPTY_STORE: StoreFormValues = { code: '', name: '', storeCategoryId: '', defaultActivationStore: false };

/** Store fields and rules of SPEC §3/§5 (the server's own schema); submit when changed and valid. */
export function StoreForm({ defaultValues, submitLabel, onSubmit, extraActions }: { defaultValues: StoreFormValues; submitLabel: string; onSubmit: (values: StoreFormValues) => Promise<void>; extraActions?: ReactNode }) {
  const translate = useTranslate();
  const form = useForm<StoreFormValues>({ resolver: zodResolver(storeSchema) as never, mode: 'all', defaultValues });
  const submit = useSubmitWithNotify<StoreFormValues>(async (values) => {
    try {
      await onSubmit(values);
      form.reset(values);
    } catch (error) {
      applyFieldErrors(error, form.setError, Object.keys(values));
      throw error;
    }
  });
  const label = (field: string) => translate(`stores.fields.${field}`);
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
          <FormTextField name="code" label={label('code')} required />
          <FormTextField name="name" label={label('name')} required />
          <FormTextField name="storeCategoryId" label={label('storeCategoryId')} required />
          <Controller
            name="defaultActivationStore"
            control={form.control}
            render={({ field }) => (
              <FormControlLabel control={<Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />} label={label('defaultActivationStore')} />
            )}
          />
          <Box sx={{ display: 'flex', gap: 2, mt: 2, justifyContent: 'flex-end' }}>
            {extraActions}
            <SubmitButton fullWidth={false}>{submitLabel}</SubmitButton>
          </Box>
        </Box>
      </FormProvider>
    </Paper>
  );
}
