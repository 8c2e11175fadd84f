import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useCreatePath, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { ticketCategoryFields, type TicketCategory } from '../../../domain/schemas/tickets';
import { PageHeading } from '../../components/PageHeading';
import { SchemaList } from '../../components/schema';
import { CATEGORIES, useCanWriteCategories, useLocalized } from './ticketShared';

/** /tickets/categories: the categories by their name in the user's language, active or not, version and tickets; "new category" for provider staff. */
export default function CategoryList() {
  const translate = useTranslate();
  const text = useLocalized();
  const createPath = useCreatePath();
  const canCreate = useCanWriteCategories('create');
  const name = (record: RaRecord) => text((record as TicketCategory).name);
  // a phone row: the name, and whether new tickets may use it
  const row = (record: RaRecord) => ((record as TicketCategory).active ? name(record) : `${name(record)} · ${translate('tickets.categories.inactiveShort')}`);
  return (
    <>
      <PageHeading title={translate('screens.ticketCategoryList')} />
      <SchemaList
        fields={ticketCategoryFields}
        render={{ name }}
        primaryText={row}
        actions={
          canCreate ? (
            <Button variant="contained" component={Link} to={createPath({ resource: CATEGORIES, type: 'create' })} startIcon={<AddIcon />}>
              {translate('tickets.categories.create')}
            </Button>
          ) : undefined
        }
      />
    </>
  );
}
