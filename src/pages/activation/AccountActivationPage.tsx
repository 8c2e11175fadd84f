import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { TokenPasswordForm } from '../TokenPasswordForm';

const TEXTS = {
  title: 'activation.title',
  description: 'activation.description',
  password: 'activation.password',
  confirmPassword: 'activation.confirmPassword',
  submit: 'activation.submit',
  success: 'activation.success',
};

/** /user-account-activation?t=…: nothing is shown without a token (SPEC §2); afterwards /login. */
export function AccountActivationPage() {
  const [params] = useSearchParams();
  const token = params.get('t');
  const translate = useTranslate();
  useDocumentTitle(translate(TEXTS.title));
  return token ? <TokenPasswordForm token={token} action="activateAccount" texts={TEXTS} then="/login" /> : null;
}
