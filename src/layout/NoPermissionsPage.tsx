import LockPersonIcon from '@mui/icons-material/LockPerson';
import { useTranslate } from 'react-admin';
import { MessagePage } from './MessagePage';
import { ScreenTitle } from './ScreenTitle';
import { useDocumentTitle } from '../components/useDocumentTitle';

/** SPEC §6: what a signed-in user with an empty permissions object sees. */
export function NoPermissionsPage() {
  const translate = useTranslate();
  const title = translate('pages.noPermissions.title');
  useDocumentTitle(title);
  return (
    <>
      <ScreenTitle title={title} />
      <MessagePage icon={<LockPersonIcon />} title={title} message={translate('pages.noPermissions.message')} />
    </>
  );
}
