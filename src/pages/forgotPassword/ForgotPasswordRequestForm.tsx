import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Link as MuiLink } from '@mui/material';
import { useCallback, useState } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { forgotPasswordSchema } from '../../../domain/schemas/auth';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { FormTextField } from '../../components/FormTextField';
import { SubmitButton } from '../../components/SubmitButton';
import { useFormSubmit } from '../../components/useFormSubmit';
import { AuthPageLayout } from '../AuthPageLayout';
import { useTesseraAuthProvider } from '../../authProvider/useTesseraAuthProvider';

type ForgotForm = z.infer<typeof forgotPasswordSchema>;
const resolver = zodResolver(forgotPasswordSchema);
const EMPTY: ForgotForm = { email: '' };

export function ForgotPasswordRequestForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const authProvider = useTesseraAuthProvider();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = useFormSubmit(
    useCallback(
      async ({ email }: ForgotForm) => {
        await authProvider.forgotPassword(email);
        // SPEC §4/§8: persistent green notification, stored tokens removed (by the authProvider), then the root
        notify('forgotPassword.requestSuccess', { type: 'success', autoHideDuration: null });
        navigate('/', { replace: true });
      },
      [authProvider, notify, navigate],
    ),
    undefined,
    { onError: setFailure },
  );

  return (
    <AuthPageLayout title={translate('forgotPassword.title')} description={translate('forgotPassword.description')}>
      <Form<ForgotForm> resolver={resolver} mode="all" defaultValues={EMPTY} onSubmit={onSubmit} noValidate>
        <FormTextField name="email" rule={forgotPasswordSchema.shape.email} label={translate('forgotPassword.email')} type="email" autoComplete="email" autoFocus required />
        <Box sx={{ mt: 2 }}>
          <FormErrorAlert message={failure} title={translate('forms.errorTitle')} />
          <SubmitButton>{translate('forgotPassword.submit')}</SubmitButton>
        </Box>
        <Box sx={{ mt: 3, textAlign: 'center' }}>
          <MuiLink component={Link} to="/login" variant="body2">
            {translate('forgotPassword.backToLogin')}
          </MuiLink>
        </Box>
      </Form>
    </AuthPageLayout>
  );
}
