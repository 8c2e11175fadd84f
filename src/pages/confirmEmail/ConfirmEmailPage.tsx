import { Alert, Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../dataProvider/httpError';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useTesseraAuthProvider } from '../../authProvider/useTesseraAuthProvider';
import { AuthPageLayout } from '../AuthPageLayout';

/**
 * /confirm-email?t=…: the link of an e-mail change. The user confirms with a button (a mail
 * scanner that opens the link changes nothing); afterwards the new address signs in. Nothing is
 * shown without a token, as on the activation page.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('t');
  const translate = useTranslate();
  const authProvider = useTesseraAuthProvider();
  const [state, setState] = useState<{ busy: boolean; done: boolean; failure: string | null }>({ busy: false, done: false, failure: null });
  useDocumentTitle(translate('confirmEmail.title'));
  if (!token) return null;
  const confirm = async () => {
    setState({ busy: true, done: false, failure: null });
    try {
      await authProvider.confirmEmail(token);
      setState({ busy: false, done: true, failure: null });
    } catch (error) {
      setState({ busy: false, done: false, failure: errorMessage(error) });
    }
  };
  return (
    <AuthPageLayout title={translate('confirmEmail.title')} description={translate('confirmEmail.description')}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {state.failure && (
          <Alert severity="error" role="alert">
            {state.failure}
          </Alert>
        )}
        {state.done ? (
          <>
            <Alert severity="success" role="status">
              {translate('confirmEmail.success')}
            </Alert>
            <Button component={Link} to="/login" variant="contained">
              {translate('confirmEmail.toLogin')}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={() => void confirm()} disabled={state.busy}>
            {translate('confirmEmail.submit')}
          </Button>
        )}
      </Box>
    </AuthPageLayout>
  );
}
