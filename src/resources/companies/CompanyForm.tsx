import { Box, Button, Step, StepLabel, Stepper } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useFormState, type FieldValues } from 'react-hook-form';
import { groupSources } from '../../../domain/fields';
import { COMPANY_FORM_STEPS, companyFields } from '../../../domain/schemas/company';
import type { CompanyBody } from '../../../domain/schemas/companies-api';
import { SchemaForm, SchemaInputs } from '../../components/schema';
import { SubmitButton } from '../../components/SubmitButton';
import { ScopeCompanyInput } from '../../components/companies/ScopeCompanyInput';

const parentInput = companyFields.inputs.find((field) => field.source === 'parentId')!;
const STEP_FIELDS = COMPANY_FORM_STEPS.map((step) => groupSources(companyFields, step));

/** An empty parent means "my company" (the server's default). */
export function companyBody(values: FieldValues): CompanyBody {
  const { parentId, ...rest } = values as CompanyBody & { parentId?: string };
  return (parentId ? { ...rest, parentId } : rest) as CompanyBody;
}

/**
 * The two steps (SPEC §2): the declared fields of each `group`. "Next" checks the first step
 * with the same rules; a save the server refuses goes back to the step of the field in error
 * (react-admin has already put the message on the field).
 */
function CompanySteps({ submitLabel }: { submitLabel: string }) {
  const translate = useTranslate();
  const [step, setStep] = useState(0);
  const { trigger } = useFormContext();
  const { errors, submitCount } = useFormState();
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount === handled.current) return;
    const first = STEP_FIELDS.findIndex((fields) => fields.some((source) => errors[source]));
    if (first >= 0) {
      handled.current = submitCount;
      setStep(first);
    }
  }, [errors, submitCount]);

  const next = async () => {
    if (await trigger(STEP_FIELDS[0])) setStep(1);
  };
  return (
    <>
      <Stepper activeStep={step} sx={{ mb: 2 }}>
        {['stepCompany', 'stepAddress'].map((label) => (
          <Step key={label}>
            <StepLabel>{translate(`companies.form.${label}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {COMPANY_FORM_STEPS.map((group, index) => (
        <Box key={group} sx={{ display: step === index ? 'block' : 'none' }}>
          <SchemaInputs fields={companyFields} group={group} overrides={{ parentId: <ScopeCompanyInput field={parentInput} /> }} />
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 2, mt: 2, justifyContent: 'flex-end' }}>
        {step === 0 ? (
          <Button variant="contained" size="large" onClick={() => void next()}>
            {translate('companies.form.next')}
          </Button>
        ) : (
          <>
            <Button onClick={() => setStep(0)}>{translate('companies.form.back')}</Button>
            <SubmitButton fullWidth={false}>{translate(submitLabel)}</SubmitButton>
          </>
        )}
      </Box>
    </>
  );
}

/** Company create/edit on react-admin's Form (inside CreateBase/EditBase): declared fields, two steps. */
export function CompanyForm({ defaultValues }: { defaultValues?: FieldValues }) {
  return (
    <SchemaForm fields={companyFields} defaultValues={defaultValues} toolbar={false}>
      <CompanySteps submitLabel="companies.form.saveAndContinue" />
    </SchemaForm>
  );
}
