import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Paper, Step, StepLabel, Stepper } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { FormProvider, useForm, type UseFormSetError } from 'react-hook-form';
import { FormTextField } from '../../components/FormTextField';
import { SubmitButton } from '../../components/SubmitButton';
import { HttpError } from '../../dataProvider/httpError';
import { useSubmitWithNotify } from '../../pages/useSubmitWithNotify';
import { COMPANY_STEPS, companyFormSchema, type CompanyFormValues } from './companyFormSchema';
import { FormSelectField } from './FormSelectField';
import { useScopeCompanies } from './useScopeCompanies';

/** Server field errors (`errors: {field: key}`) land on their fields and the step that holds them. */
export function applyFieldErrors<T extends Record<string, unknown>>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string | null {
  if (!(error instanceof HttpError)) return null;
  const errors = (error.body as { errors?: Record<string, string> } | null)?.errors ?? {};
  let first: string | null = null;
  for (const [field, key] of Object.entries(errors)) {
    if (!fields.includes(field)) continue;
    setError(field as Parameters<UseFormSetError<T>>[0], { type: 'server', message: key });
    first ??= field;
  }
  return first;
}

/**
 * Company create/edit (SPEC §2): step 1 identity and parent, step 2 address. "Next" checks
 * step 1 with the same SPEC §5 schema; submit is enabled when the form is changed and valid.
 */
export function CompanyForm({
  defaultValues,
  excludeParentId,
  submitLabel,
  onSubmit,
}: {
  defaultValues: CompanyFormValues;
  excludeParentId?: string;
  submitLabel: string;
  onSubmit: (values: CompanyFormValues) => Promise<void>;
}) {
  const translate = useTranslate();
  const [step, setStep] = useState(0);
  const form = useForm<CompanyFormValues>({ resolver: zodResolver(companyFormSchema), mode: 'all', defaultValues });
  const parents = useScopeCompanies(excludeParentId);
  const label = (field: string) => translate(`companies.fields.${field}`);

  const submit = useSubmitWithNotify<CompanyFormValues>(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const field = applyFieldErrors(error, form.setError, Object.keys(values));
      if (field) setStep(COMPANY_STEPS.findIndex((fields) => (fields as readonly string[]).includes(field)));
      throw error;
    }
  });

  const next = async () => {
    if (await form.trigger(COMPANY_STEPS[0] as Array<keyof CompanyFormValues>)) setStep(1);
  };

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
      <Stepper activeStep={step} sx={{ mb: 2 }}>
        <Step>
          <StepLabel>{translate('companies.form.stepCompany')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{translate('companies.form.stepAddress')}</StepLabel>
        </Step>
      </Stepper>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
          <Box sx={{ display: step === 0 ? 'block' : 'none' }}>
            <FormTextField name="code" label={label('code')} required />
            <FormTextField name="companyName" label={label('companyName')} required />
            <FormTextField name="businessName" label={label('businessName')} required />
            <FormTextField name="vatNumber" label={label('vatNumber')} required inputProps={{ maxLength: 16 }} />
            <FormSelectField name="parentId" label={label('parent')} options={parents} />
          </Box>
          <Box sx={{ display: step === 1 ? 'block' : 'none' }}>
            <FormTextField name="address" label={label('address')} required />
            <FormTextField name="city" label={label('city')} required />
            <FormTextField name="municipality" label={label('municipality')} required />
            <Box sx={{ display: 'flex', gap: 2 }}>
              <FormTextField name="province" label={label('province')} required inputProps={{ maxLength: 2 }} />
              <FormTextField name="zip" label={label('zip')} required inputProps={{ maxLength: 5, inputMode: 'numeric' }} />
            </Box>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, mt: 2, justifyContent: 'flex-end' }}>
            {step === 1 && <Button onClick={() => setStep(0)}>{translate('companies.form.back')}</Button>}
            {step === 0 ? (
              <Button variant="contained" size="large" onClick={() => void next()}>
                {translate('companies.form.next')}
              </Button>
            ) : (
              <SubmitButton fullWidth={false}>{submitLabel}</SubmitButton>
            )}
          </Box>
        </Box>
      </FormProvider>
    </Paper>
  );
}
