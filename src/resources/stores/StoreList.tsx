import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import { useState } from 'react';
import { CanAccess, useCreatePath, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { storeFields } from '../../../domain/schemas/store';
import { SchemaList } from '../../components/schema';
import { PageHeading } from '../../components/PageHeading';
import { StoreImportDialog } from './StoreImportDialog';

const STORES = storeFields.resource!;

/** /privative/stores/list: the declared store columns and filters, search, load more; create and import. */
export default function StoreList() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <PageHeading title={translate('screens.storeList')} />
      <SchemaList
        fields={storeFields}
        search
        filtersLabel
        count
        disableSyncWithLocation={false}
        actions={
          <>
            <CanAccess resource={STORES} action="import">
              <Button variant="outlined" onClick={() => setImporting(true)} startIcon={<UploadFileIcon />}>
                {translate('stores.actions.import')}
              </Button>
            </CanAccess>
            <CanAccess resource={STORES} action="create">
              <Button variant="contained" component={Link} to={createPath({ resource: STORES, type: 'create' })} startIcon={<AddIcon />}>
                {translate('stores.actions.create')}
              </Button>
            </CanAccess>
          </>
        }
      >
        {importing && <StoreImportDialog onClose={() => setImporting(false)} />}
      </SchemaList>
    </>
  );
}
