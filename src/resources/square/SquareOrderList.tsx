import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { CanAccess, useCreatePath, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { squareOrderFields } from '../../../domain/schemas/square';
import { PageHeading } from '../../components/PageHeading';
import { SchemaList } from '../../components/schema';

const ORDERS = squareOrderFields.resource!;

/** /square/orders (SPEC §2, the section's index): the declared order columns and filters, search, load more; "new order". */
export default function SquareOrderList() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <>
      <PageHeading title={translate('screens.squareOrderList')} />
      <SchemaList
        fields={squareOrderFields}
        search
        filtersLabel
        count
        countMore
        disableSyncWithLocation={false}
        actions={
          <CanAccess resource={ORDERS} action="create">
            <Button variant="contained" component={Link} to={createPath({ resource: ORDERS, type: 'create' })} startIcon={<AddIcon />}>
              {translate('square.orders.create')}
            </Button>
          </CanAccess>
        }
      />
    </>
  );
}
