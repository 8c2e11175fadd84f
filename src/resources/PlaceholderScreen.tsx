import ConstructionIcon from '@mui/icons-material/Construction';
import { Title, useTranslate } from 'react-admin';
import { MessagePage } from '../layout/MessagePage';

/** A screen whose issue is not built yet: its title and a clear "being built" note. */
export function PlaceholderScreen({ screen }: { screen: string }) {
  const translate = useTranslate();
  const title = translate(`screens.${screen}`);
  return (
    <>
      <Title title={title} />
      <MessagePage icon={<ConstructionIcon />} title={title} message={translate('screens.underConstruction')} />
    </>
  );
}
