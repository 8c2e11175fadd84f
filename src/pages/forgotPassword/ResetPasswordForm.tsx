import { TokenPasswordForm } from '../TokenPasswordForm';

const TEXTS = {
  title: 'forgotPassword.resetTitle',
  description: 'forgotPassword.resetDescription',
  password: 'forgotPassword.newPassword',
  confirmPassword: 'forgotPassword.confirmPassword',
  submit: 'forgotPassword.resetSubmit',
  success: 'forgotPassword.resetSuccess',
};

/** The new-password form of a reset link (`/forgot-password?t=`); afterwards the user goes to `/`. */
export function ResetPasswordForm({ token }: { token: string }) {
  return <TokenPasswordForm token={token} action="resetPassword" texts={TEXTS} then="/" />;
}
