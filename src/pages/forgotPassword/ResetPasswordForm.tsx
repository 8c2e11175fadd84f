import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { newPasswordFormSchema, type NewPasswordForm } from '../../components/passwordFormSchemas';
import { SubmitButton } from '../../components/SubmitButton';
import { accountApi } from '../accountApi';
import { AuthPageLayout } from '../AuthPageLayout';
import { useSubmitWithNotify } from '../useSubmitWithNotify';

/** The new-password form of a reset link (`/forgot-password?t=`). */
export function ResetPasswordForm({ token }: { token: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useForm<NewPasswordForm>({ resolver: zodResolver(newPasswordFormSchema), mode: 'all', defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = useSubmitWithNotify(
    useCallback(
      async ({ password }: NewPasswordForm) => {
        await accountApi.resetPassword(password, token);
        notify('forgotPassword.resetSuccess', { type: 'success' });
        navigate('/', { replace: true });
      },
      [notify, navigate, token],
    ),
  );

  return (
    <AuthPageLayout title={translate('forgotPassword.resetTitle')} description={translate('forgotPassword.resetDescription')}>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <NewPasswordFields name="password" confirmName="confirmPassword" label={translate('forgotPassword.newPassword')} confirmLabel={translate('forgotPassword.confirmPassword')} />
          <Box sx={{ mt: 2 }}>
            <SubmitButton>{translate('forgotPassword.resetSubmit')}</SubmitButton>
          </Box>
        </Box>
      </FormProvider>
    </AuthPageLayout>
  );
}
