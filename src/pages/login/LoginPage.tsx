import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Link as MuiLink } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Form, useAuthState, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { loginFormSchema } from '../../../domain/schemas/auth';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { FormTextField } from '../../components/FormTextField';
import { PasswordField } from '../../components/PasswordField';
import { SubmitButton } from '../../components/SubmitButton';
import { useFormSubmit } from '../../components/useFormSubmit';
import { preloadShell } from '../../layout/AppLayout';
import { firstMenuPathNow, preloadListScreen } from '../../resources/registry';
import { AuthPageLayout } from '../AuthPageLayout';
import { useTesseraAuthProvider } from '../../authProvider/useTesseraAuthProvider';

type LoginForm = z.infer<typeof loginFormSchema>;
// SPEC §5: validated on blur and on change
const resolver = zodResolver(loginFormSchema);
const EMPTY: LoginForm = { email: '', password: '' };

/** Where to go after signing in: the page that asked for it, else the root. */
function useAfterLoginPath(): string {
  const state = useLocation().state as { nextPathname?: string; nextSearch?: string } | null;
  const next = state?.nextPathname;
  return next && next !== '/login' ? `${next}${state?.nextSearch ?? ''}` : '/';
}

/**
 * A signed-in visitor goes home, unless this form is the one signing in (it navigates itself).
 * Only on a fresh answer while the tokens are there: react-admin keeps the last checkAuth answer
 * in its cache, so a tab whose session ended elsewhere (signed out in another tab) would read an
 * old "signed in", go to `/`, which sends it back here without a session: a loop (React #185)
 * instead of the sign-in form.
 */
function RedirectWhenSignedIn() {
  const { isSubmitting, isSubmitSuccessful } = useFormState();
  // the authProvider's checkAuth; false: a signed-out visitor is where they should be
  const { authenticated, isFetching } = useAuthState(undefined, false);
  const hasSession = useTesseraAuthProvider().hasSession();
  return hasSession && authenticated && !isFetching && !isSubmitting && !isSubmitSuccessful ? <Navigate to="/" replace /> : null;
}

export function LoginPage() {
  const translate = useTranslate();
  const authProvider = useTesseraAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const afterLogin = useAfterLoginPath();
  // a refused sign-in shows in the form, above the button, rather than in a far corner
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = useFormSubmit(
    useCallback(
      async (values: LoginForm) => {
        // the first signed-in screen needs the shell: its code loads while the sign-in is answered
        preloadShell();
        await authProvider.login(values);
        // and the first screen's code, beside the permissions that name it; the shell needs them
        // before it shows anything, so they are awaited here: its first render then has its answers.
        // The screen's code is awaited too: a screen that suspends shows its fallback, and React
        // then holds the screen back for 300 ms (its reveal throttle) after the code has arrived
        await authProvider
          .getConfiguration()
          .then(({ permissions }) => preloadListScreen(afterLogin, permissions))
          .catch(() => undefined);
        // a previous session's data (its lists, its refusals) and its permissions and identity must
        // not leak into this one: that session may have ended in another tab, where react-admin's
        // logout cleared the cache, not here
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
        await queryClient.invalidateQueries({ queryKey: ['auth'] });
        // `/` is the first screen of the menu: gone to directly when the answers are at hand (the
        // same ones `/` reads), without a round of the shell's renders at `/`; no screen: `/` says so
        const target = afterLogin === '/' ? (firstMenuPathNow((params) => authProvider.canAccessNow(params)) ?? '/') : afterLogin;
        navigate(target, { replace: true });
      },
      [authProvider, queryClient, navigate, afterLogin],
    ),
    undefined,
    { onError: setFailure },
  );

  return (
    <AuthPageLayout title={translate('login.title')} description={translate('login.subtitle')}>
      <Form<LoginForm> resolver={resolver} mode="all" defaultValues={EMPTY} onSubmit={onSubmit} noValidate>
        <RedirectWhenSignedIn />
        <FormTextField name="email" label={translate('login.email')} type="email" autoComplete="username" autoFocus required />
        <PasswordField name="password" label={translate('login.password')} autoComplete="current-password" required />
        <Box sx={{ textAlign: 'right', mb: 3 }}>
          <MuiLink component={Link} to="/forgot-password" variant="body2">
            {translate('login.forgotPassword')}
          </MuiLink>
        </Box>
        <FormErrorAlert message={failure} title={translate('login.errorTitle')} />
        <SubmitButton>{translate('login.submit')}</SubmitButton>
      </Form>
    </AuthPageLayout>
  );
}
