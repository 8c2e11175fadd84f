import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useCreate, useDelete, useNotify, useTranslate, useUpdate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { operatorSchema } from '../../../domain/schemas/company';
import type { OperatorRecord } from '../../../domain/schemas/companies-api';
import { ModalDialog } from '../../components/ModalDialog';
import { SubmitButton } from '../../components/SubmitButton';
import { errorMessage } from '../../dataProvider/httpError';
import { useSubmitWithNotify } from '../../pages/useSubmitWithNotify';
import { applyFieldErrors } from '../companies/CompanyForm';
import { OPERATORS_RESOURCE } from '../companies/companyPaths';
import { ContactFields, EMPTY_CONTACT } from '../companies/ContactFields';
import { FormSelectField } from '../companies/FormSelectField';
import { useScopeCompanies } from '../companies/useScopeCompanies';

/** The SPEC §5 operator rules (the server's schema) plus the company it belongs to. */
export const operatorFormSchema = operatorSchema.extend({ companyId: z.string().min(1, 'validation.required') });
export type OperatorFormValues = z.infer<typeof operatorFormSchema>;

/**
 * The operator form (SPEC §2) in the app's modal: create (a pending user who receives an
 * activation e-mail) or edit; an existing operator can also be disabled here.
 */
export function OperatorDialog({ operator, defaultCompanyId, onClose }: { operator?: OperatorRecord; defaultCompanyId: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const companies = useScopeCompanies();
  const [create] = useCreate<OperatorRecord>();
  const [update] = useUpdate<OperatorRecord>();
  const [disable, { isPending: disabling }] = useDelete<OperatorRecord>();
  const [confirmDisable, setConfirmDisable] = useState(false);
  const defaults: OperatorFormValues = operator
    ? { firstName: operator.firstName, lastName: operator.lastName, phoneCountry: operator.phoneCountry ?? '+39', phone: operator.phone ?? '', email: operator.email, companyId: operator.companyId }
    : { ...EMPTY_CONTACT, companyId: defaultCompanyId };
  const form = useForm<OperatorFormValues>({ resolver: zodResolver(operatorFormSchema), mode: 'all', defaultValues: defaults });

  const submit = useSubmitWithNotify<OperatorFormValues>(async ({ companyId, ...contact }) => {
    try {
      if (operator) {
        await update(OPERATORS_RESOURCE, { id: operator.id, data: contact, previousData: operator }, { mutationMode: 'pessimistic', returnPromise: true });
      } else {
        await create(OPERATORS_RESOURCE, { data: { ...contact, companyId } }, { returnPromise: true });
      }
    } catch (error) {
      applyFieldErrors(error, form.setError, [...Object.keys(contact), 'companyId']);
      throw error;
    }
    notify(operator ? 'companies.messages.userUpdated' : 'companies.messages.userCreated', { type: 'success' });
    onClose();
  });

  const doDisable = async () => {
    if (!operator) return;
    try {
      await disable(OPERATORS_RESOURCE, { id: operator.id, previousData: operator }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('companies.messages.userDeleted', { type: 'success' });
      onClose();
    } catch (error) {
      notify(errorMessage(error), { type: 'error', messageArgs: { _: errorMessage(error) } });
    }
  };

  return (
    <ModalDialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="operator-dialog-title">
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
          <DialogTitle id="operator-dialog-title">{translate(operator ? 'companies.operators.editTitle' : 'companies.operators.createTitle')}</DialogTitle>
          <DialogContent>
            {!operator && <Alert severity="info">{translate('companies.operators.activationHint')}</Alert>}
            <FormSelectField name="companyId" label={translate('companies.operators.company')} options={operator ? [{ value: operator.companyId, label: operator.companyName }] : companies} required disabled={Boolean(operator)} />
            <ContactFields />
            {confirmDisable && (
              <Alert
                severity="warning"
                action={
                  <Button color="error" onClick={() => void doDisable()} disabled={disabling}>
                    {translate('companies.operators.disable')}
                  </Button>
                }
              >
                {translate('companies.operators.disableQuestion')}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            {operator && operator.status !== 'DISABLED' && (
              <Button color="error" onClick={() => setConfirmDisable(true)} sx={{ mr: 'auto' }}>
                {translate('companies.operators.disable')}
              </Button>
            )}
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            <SubmitButton fullWidth={false} size="medium">
              {translate('ra.action.save')}
            </SubmitButton>
          </DialogActions>
        </Box>
      </FormProvider>
    </ModalDialog>
  );
}
