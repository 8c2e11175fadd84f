import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { newPasswordFormSchema, type NewPasswordForm } from '../components/passwordFormSchemas';
import { SubmitButton } from '../components/SubmitButton';
import { AuthPageLayout } from './AuthPageLayout';
import { useSubmitWithNotify } from './useSubmitWithNotify';

export interface TokenPasswordFormProps {
  /** the one-time token of the e-mailed link */
  token: string;
  /** sends the chosen password with the token */
  submit: (password: string, token: string) => Promise<unknown>;
  /** i18n keys of the page */
  texts: { title: string; description: string; password: string; confirmPassword: string; submit: string; success: string };
  /** where the user goes after success (SPEC §4) */
  then: string;
}

/** A new password chosen through an e-mailed one-time link: password reset and account activation. */
export function TokenPasswordForm({ token, submit, texts, then }: TokenPasswordFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useForm<NewPasswordForm>({ resolver: zodResolver(newPasswordFormSchema), mode: 'all', defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = useSubmitWithNotify(
    useCallback(
      async ({ password }: NewPasswordForm) => {
        await submit(password, token);
        notify(texts.success, { type: 'success' });
        navigate(then, { replace: true });
      },
      [submit, notify, navigate, token, texts.success, then],
    ),
  );

  return (
    <AuthPageLayout title={translate(texts.title)} description={translate(texts.description)}>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <NewPasswordFields name="password" confirmName="confirmPassword" label={translate(texts.password)} confirmLabel={translate(texts.confirmPassword)} />
          <Box sx={{ mt: 2 }}>
            <SubmitButton>{translate(texts.submit)}</SubmitButton>
          </Box>
        </Box>
      </FormProvider>
    </AuthPageLayout>
  );
}
