import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import { FormErrorAlert } from '../components/FormErrorAlert';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { newPasswordFormSchema, type NewPasswordForm } from '../components/passwordFormSchemas';
import { SubmitButton } from '../components/SubmitButton';
import { useFormSubmit } from '../components/useFormSubmit';
import { AuthPageLayout } from './AuthPageLayout';
import type { SignedInUser } from '../dataProvider/types';
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

/**
 * Issue 42: a link opened in a browser where someone is signed in is not theirs to act under.
 * Their session ends as the page opens (the authProvider's logout: the server's session and the
 * stored keys), react-admin's answers for it (identity, permissions, lists) go with it, and the
 * page says whose session it was; afterwards the sign-in page asks for the link's account instead
 * of sending the previous user home. Resolves once done (at once when nobody was signed in).
 */
function useEndPreviousSession(): { ended: { user: SignedInUser | null } | null; done: () => Promise<unknown> } {
  const authProvider = useTesseraAuthProvider();
  const queryClient = useQueryClient();
  const [ended, setEnded] = useState<{ user: SignedInUser | null } | null>(null);
  const ending = useRef<Promise<unknown> | null>(null);
  useEffect(() => {
    // once per page, Strict Mode's second run included
    if (ending.current || !authProvider.hasSession()) return;
    ending.current = (async () => {
      const user = await authProvider.signedInUser();
      await authProvider.logout({});
      queryClient.removeQueries();
      setEnded({ user });
    })();
  }, [authProvider, queryClient]);
  return { ended, done: useCallback(() => ending.current ?? Promise.resolve(), []) };
}

/** "Ada Lovelace (ada@acme.test)", the address alone for a user without a name. */
const signedOutUser = ({ name, email }: SignedInUser) => (name === email ? email : `${name} (${email})`);

/** A new password chosen through an e-mailed one-time link: password reset and account activation. */
export function TokenPasswordForm({ token, action, texts, then }: TokenPasswordFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const authProvider = useTesseraAuthProvider();
  const [failure, setFailure] = useState<string | null>(null);
  const { ended, done } = useEndPreviousSession();

  const onSubmit = useFormSubmit(
    useCallback(
      async ({ password }: NewPasswordForm) => {
        // the previous session is gone before the next page reads it
        await done();
        await authProvider[action](password, token);
        notify(texts.success, { type: 'success' });
        navigate(then, { replace: true });
      },
      [authProvider, action, notify, navigate, token, texts.success, then, done],
    ),
    undefined,
    { onError: setFailure },
  );

  return (
    <AuthPageLayout title={translate(texts.title)} description={translate(texts.description, { min: PASSWORD_MIN_LENGTH, smart_count: PASSWORD_MIN_LENGTH })}>
      {ended && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {ended.user ? translate('linkSession.signedOut', { user: signedOutUser(ended.user) }) : translate('linkSession.signedOutUnknown')}
        </Alert>
      )}
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
