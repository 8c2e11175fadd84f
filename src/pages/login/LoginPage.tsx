import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Link as MuiLink } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuthProvider, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { loginFormSchema } from '../../../domain/schemas/auth';
import { hasSession } from '../../authProvider/session';
import { FormTextField } from '../../components/FormTextField';
import { PasswordField } from '../../components/PasswordField';
import { SubmitButton } from '../../components/SubmitButton';
import { AuthPageLayout } from '../AuthPageLayout';
import { useSubmitWithNotify } from '../useSubmitWithNotify';

type LoginForm = z.infer<typeof loginFormSchema>;

/** Where to go after signing in: the page that asked for it, else the root. */
function useAfterLoginPath(): string {
  const state = useLocation().state as { nextPathname?: string; nextSearch?: string } | null;
  const next = state?.nextPathname;
  return next && next !== '/login' ? `${next}${state?.nextSearch ?? ''}` : '/';
}

export function LoginPage() {
  const translate = useTranslate();
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const afterLogin = useAfterLoginPath();
  // SPEC §5: validated on blur and on change
  const form = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema), mode: 'all', defaultValues: { email: '', password: '' } });

  const onSubmit = useSubmitWithNotify(
    useCallback(
      async (values: LoginForm) => {
        await authProvider!.login(values);
        // a previous user's permissions and identity must not leak into this session
        await queryClient.invalidateQueries({ queryKey: ['auth'] });
        navigate(afterLogin, { replace: true });
      },
      [authProvider, queryClient, navigate, afterLogin],
    ),
  );

  if (hasSession() && !form.formState.isSubmitting) return <Navigate to="/" replace />;

  return (
    <AuthPageLayout title={translate('login.title')} description={translate('login.subtitle')}>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <FormTextField name="email" label={translate('login.email')} type="email" autoComplete="username" autoFocus required />
          <PasswordField name="password" label={translate('login.password')} autoComplete="current-password" required />
          <Box sx={{ textAlign: 'right', mb: 3 }}>
            <MuiLink component={Link} to="/forgot-password" variant="body2">
              {translate('login.forgotPassword')}
            </MuiLink>
          </Box>
          <SubmitButton>{translate('login.submit')}</SubmitButton>
        </Box>
      </FormProvider>
    </AuthPageLayout>
  );
}
