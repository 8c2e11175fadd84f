import LockPersonIcon from '@mui/icons-material/LockPerson';
import { useTranslate } from 'react-admin';
import { MessagePage } from './MessagePage';

/** SPEC §6: what a signed-in user with an empty permissions object sees. */
export function NoPermissionsPage() {
  const translate = useTranslate();
  return <MessagePage icon={<LockPersonIcon />} title={translate('pages.noPermissions.title')} message={translate('pages.noPermissions.message')} />;
}
