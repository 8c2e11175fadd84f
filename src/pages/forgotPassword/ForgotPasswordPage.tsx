import { useSearchParams } from 'react-router-dom';
import { ForgotPasswordRequestForm } from './ForgotPasswordRequestForm';
import { ResetPasswordForm } from './ResetPasswordForm';

/** /forgot-password: the e-mail request, or with `?t=` the new-password form (SPEC §2). */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('t');
  return token ? <ResetPasswordForm token={token} /> : <ForgotPasswordRequestForm />;
}
