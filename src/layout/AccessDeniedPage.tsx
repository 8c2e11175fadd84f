import BlockIcon from '@mui/icons-material/Block';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { MessagePage } from './MessagePage';
import { ScreenTitle } from './ScreenTitle';
import { useDocumentTitle } from '../components/useDocumentTitle';

/**
 * A screen the signed-in user may not open (a link, a bookmark, a typed URL): say so, with a way
 * home, rather than landing silently on another screen. `<Admin accessDenied>` and the registry's
 * screen gate both show it.
 */
export function AccessDeniedPage() {
  const translate = useTranslate();
  const title = translate('pages.accessDenied.title');
  useDocumentTitle(title);
  return (
    <>
      <ScreenTitle title={title} />
      <MessagePage icon={<BlockIcon />} title={title} message={translate('pages.accessDenied.message')}>
        <Button variant="contained" component={Link} to="/">
          {translate('pages.accessDenied.backHome')}
        </Button>
      </MessagePage>
    </>
  );
}
