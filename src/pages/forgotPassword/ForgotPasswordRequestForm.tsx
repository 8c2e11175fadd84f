import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Link as MuiLink } from '@mui/material';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { forgotPasswordSchema } from '../../../domain/schemas/auth';
import { clearSession } from '../../authProvider/session';
import { FormTextField } from '../../components/FormTextField';
import { SubmitButton } from '../../components/SubmitButton';
import { accountApi } from '../accountApi';
import { AuthPageLayout } from '../AuthPageLayout';
import { useSubmitWithNotify } from '../useSubmitWithNotify';

type ForgotForm = z.infer<typeof forgotPasswordSchema>;

export function ForgotPasswordRequestForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useForm<ForgotForm>({ resolver: zodResolver(forgotPasswordSchema), mode: 'all', defaultValues: { email: '' } });

  const onSubmit = useSubmitWithNotify(
    useCallback(
      async ({ email }: ForgotForm) => {
        await accountApi.forgotPassword(email);
        // SPEC §4/§8: persistent green notification, stored tokens removed, then the root
        notify('forgotPassword.requestSuccess', { type: 'success', autoHideDuration: null });
        clearSession();
        navigate('/', { replace: true });
      },
      [notify, navigate],
    ),
  );

  return (
    <AuthPageLayout title={translate('forgotPassword.title')} description={translate('forgotPassword.description')}>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <FormTextField name="email" label={translate('forgotPassword.email')} type="email" autoComplete="email" autoFocus required />
          <Box sx={{ mt: 2 }}>
            <SubmitButton>{translate('forgotPassword.submit')}</SubmitButton>
          </Box>
          <Box sx={{ mt: 3, textAlign: 'center' }}>
            <MuiLink component={Link} to="/login" variant="body2">
              {translate('forgotPassword.backToLogin')}
            </MuiLink>
          </Box>
        </Box>
      </FormProvider>
    </AuthPageLayout>
  );
}
