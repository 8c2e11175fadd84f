import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import { useCallback, useState } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { FormErrorAlert } from '../components/FormErrorAlert';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { newPasswordFormSchema, type NewPasswordForm } from '../components/passwordFormSchemas';
import { SubmitButton } from '../components/SubmitButton';
import { useFormSubmit } from '../components/useFormSubmit';
import { AuthPageLayout } from './AuthPageLayout';
import { useTesseraAuthProvider } from '../authProvider/useTesseraAuthProvider';

const resolver = zodResolver(newPasswordFormSchema);
const EMPTY: NewPasswordForm = { password: '', confirmPassword: '' };

export interface TokenPasswordFormProps {
  /** the one-time token of the e-mailed link */
  token: string;
  /** the authProvider's account call that sends the chosen password with the token */
  action: 'resetPassword' | 'activateAccount';
  /** i18n keys of the page */
  texts: { title: string; description: string; password: string; confirmPassword: string; submit: string; success: string };
  /** where the user goes after success (SPEC §4) */
  then: string;
}

/** A new password chosen through an e-mailed one-time link: password reset and account activation. */
export function TokenPasswordForm({ token, action, texts, then }: TokenPasswordFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const authProvider = useTesseraAuthProvider();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = useFormSubmit(
    useCallback(
      async ({ password }: NewPasswordForm) => {
        await authProvider[action](password, token);
        notify(texts.success, { type: 'success' });
        navigate(then, { replace: true });
      },
      [authProvider, action, notify, navigate, token, texts.success, then],
    ),
    undefined,
    { onError: setFailure },
  );

  return (
    <AuthPageLayout title={translate(texts.title)} description={translate(texts.description)}>
      <Form<NewPasswordForm> resolver={resolver} mode="all" defaultValues={EMPTY} onSubmit={onSubmit} noValidate>
        <NewPasswordFields name="password" confirmName="confirmPassword" label={translate(texts.password)} confirmLabel={translate(texts.confirmPassword)} />
        <Box sx={{ mt: 2 }}>
          <FormErrorAlert message={failure} title={translate('forms.errorTitle')} />
          <SubmitButton>{translate(texts.submit)}</SubmitButton>
        </Box>
      </Form>
    </AuthPageLayout>
  );
}
