import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Paper, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PasswordField } from '../../components/PasswordField';
import { changePasswordFormSchema, type ChangePasswordForm } from '../../components/passwordFormSchemas';
import { SubmitButton } from '../../components/SubmitButton';
import { useFormSubmit } from '../../components/useFormSubmit';
import { PageHeading } from '../../components/PageHeading';
import { useTesseraAuthProvider } from '../../authProvider/useTesseraAuthProvider';

const resolver = zodResolver(changePasswordFormSchema);
const EMPTY: ChangePasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** /password: change one's own password. */
export default function ChangePasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const authProvider = useTesseraAuthProvider();
  // a new form after a change: empty fields, nothing dirty
  const [round, setRound] = useState(0);

  const onSubmit = useFormSubmit(
    useCallback(
      async ({ oldPassword, newPassword }: ChangePasswordForm) => {
        await authProvider.changePassword(oldPassword, newPassword);
        // SPEC §8: the profile password success is green and stays until dismissed
        notify('password.success', { type: 'success', autoHideDuration: null });
        setRound((count) => count + 1);
      },
      [authProvider, notify],
    ),
  );

  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageHeading title={translate('password.title')} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{translate('password.description')}</Typography>
        <Form<ChangePasswordForm> key={round} resolver={resolver} mode="all" defaultValues={EMPTY} onSubmit={onSubmit} noValidate>
          <PasswordField name="oldPassword" label={translate('password.oldPassword')} autoComplete="current-password" required />
          <NewPasswordFields name="newPassword" confirmName="confirmPassword" label={translate('password.newPassword')} confirmLabel={translate('password.confirmPassword')} />
          <Box sx={{ mt: 2 }}>
            <SubmitButton fullWidth={false}>{translate('password.submit')}</SubmitButton>
          </Box>
        </Form>
      </Paper>
    </Box>
  );
}
