import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { newPasswordFormSchema, type NewPasswordForm } from '../../components/passwordFormSchemas';
import { SubmitButton } from '../../components/SubmitButton';
import { accountApi } from '../accountApi';
import { AuthPageLayout } from '../AuthPageLayout';
import { useSubmitWithNotify } from '../useSubmitWithNotify';

function ActivationForm({ token }: { token: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useForm<NewPasswordForm>({ resolver: zodResolver(newPasswordFormSchema), mode: 'all', defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = useSubmitWithNotify(
    useCallback(
      async ({ password }: NewPasswordForm) => {
        await accountApi.activateAccount(password, token);
        notify('activation.success', { type: 'success' });
        navigate('/login', { replace: true });
      },
      [notify, navigate, token],
    ),
  );

  return (
    <AuthPageLayout title={translate('activation.title')} description={translate('activation.description')}>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <NewPasswordFields name="password" confirmName="confirmPassword" label={translate('activation.password')} confirmLabel={translate('activation.confirmPassword')} />
          <Box sx={{ mt: 2 }}>
            <SubmitButton>{translate('activation.submit')}</SubmitButton>
          </Box>
        </Box>
      </FormProvider>
    </AuthPageLayout>
  );
}

/** /user-account-activation?t=…: nothing is shown without a token (SPEC §2). */
export function AccountActivationPage() {
  const [params] = useSearchParams();
  const token = params.get('t');
  return token ? <ActivationForm token={token} /> : null;
}
