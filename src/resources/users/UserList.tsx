import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { CanAccess, useCreatePath, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { userFields } from '../../../domain/schemas/users';
import { PageHeading } from '../../components/PageHeading';
import { SchemaList } from '../../components/schema';

/** /users/list (SPEC §2): the users of the company subtree, search and filters (company, role, status), load more. */
export default function UserList() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <>
      <PageHeading title={translate('screens.userList')} />
      <SchemaList
        fields={userFields}
        search
        filtersLabel
        count
        disableSyncWithLocation={false}
        actions={
          <CanAccess resource="users" action="create">
            <Button variant="contained" component={Link} to={createPath({ resource: 'users', type: 'create' })} startIcon={<AddIcon />}>
              {translate('users.create')}
            </Button>
          </CanAccess>
        }
      />
    </>
  );
}
