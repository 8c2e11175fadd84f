import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { MessagePage } from './MessagePage';
import { ScreenTitle } from './ScreenTitle';
import { useDocumentTitle } from '../components/useDocumentTitle';

export function NotFoundPage() {
  const translate = useTranslate();
  useDocumentTitle(translate('pages.notFound.title'));
  return (
    <>
      <ScreenTitle title={translate('pages.notFound.title')} />
      <MessagePage icon={<SearchOffIcon />} title={translate('pages.notFound.title')} message={translate('pages.notFound.message')}>
        <Button variant="contained" component={Link} to="/">
          {translate('pages.notFound.backHome')}
        </Button>
      </MessagePage>
    </>
  );
}
