import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Paper, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PasswordField } from '../../components/PasswordField';
import { changePasswordFormSchema, type ChangePasswordForm } from '../../components/passwordFormSchemas';
import { SubmitButton } from '../../components/SubmitButton';
import { accountApi } from '../accountApi';
import { PageHeading } from '../PageHeading';
import { useSubmitWithNotify } from '../useSubmitWithNotify';

const EMPTY: ChangePasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** /password: change one's own password. */
export default function ChangePasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), mode: 'all', defaultValues: EMPTY });

  const onSubmit = useSubmitWithNotify(
    useCallback(
      async ({ oldPassword, newPassword }: ChangePasswordForm) => {
        await accountApi.changePassword(oldPassword, newPassword);
        // SPEC §8: the profile password success is green and stays until dismissed
        notify('password.success', { type: 'success', autoHideDuration: null });
        form.reset(EMPTY);
      },
      [notify, form],
    ),
  );

  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageHeading title={translate('password.title')} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{translate('password.description')}</Typography>
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
            <PasswordField name="oldPassword" label={translate('password.oldPassword')} autoComplete="current-password" required />
            <NewPasswordFields name="newPassword" confirmName="confirmPassword" label={translate('password.newPassword')} confirmLabel={translate('password.confirmPassword')} />
            <Box sx={{ mt: 2 }}>
              <SubmitButton fullWidth={false}>{translate('password.submit')}</SubmitButton>
            </Box>
          </Box>
        </FormProvider>
      </Paper>
    </Box>
  );
}
