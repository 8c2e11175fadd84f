import { useTranslate } from 'react-admin';
import { squareCodeFields } from '../../../domain/schemas/square';
import { PageHeading } from '../../components/PageHeading';
import { SchemaList } from '../../components/schema';

/** /square/codes (SPEC §2): every code of the company's orders; its code links to its page. */
export default function SquareCodeList() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title={translate('screens.squareCodeList')} />
      <SchemaList fields={squareCodeFields} search filtersLabel count countMore disableSyncWithLocation={false} />
    </>
  );
}
