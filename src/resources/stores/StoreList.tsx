import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Card, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, InfiniteListBase, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { StoreRecord } from '../../../domain/schemas/stores-api';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { PageHeading } from '../../pages/PageHeading';
import { ListSearchField } from '../companies/ListSearchField';
import { StoreImportDialog } from './StoreImportDialog';
import { storePaths, STORES_PAGE_SIZE, STORES_RESOURCE } from './storePaths';

/** /privative/stores/list: the company's stores with search, load more, create and import. */
export default function StoreList() {
  const translate = useTranslate();
  const [importing, setImporting] = useState(false);
  const label = (key: string) => translate(`stores.fields.${key}`);
  return (
    <>
      <PageHeading title={translate('screens.storeList')} />
      <InfiniteListBase<StoreRecord> resource={STORES_RESOURCE} perPage={STORES_PAGE_SIZE} sort={{ field: 'code', order: 'ASC' }} disableAuthentication disableSyncWithLocation>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <ListSearchField label={translate('stores.list.search')} />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="outlined" onClick={() => setImporting(true)} startIcon={<UploadFileIcon />}>
              {translate('stores.actions.import')}
            </Button>
            <Button variant="contained" component={Link} to={storePaths.create} startIcon={<AddIcon />}>
              {translate('stores.actions.create')}
            </Button>
          </Box>
        </Box>
        <Card variant="outlined">
          <DataTable<StoreRecord>
            rowClick={(id) => storePaths.show(String(id))}
            bulkActionButtons={false}
            empty={
              <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
                {translate('stores.list.empty')}
              </Typography>
            }
          >
            <DataTable.Col source="code" label={label('code')} />
            <DataTable.Col source="name" label={label('name')} />
            <DataTable.Col source="storeCategoryId" label={label('storeCategoryId')} />
            <DataTable.Col
              source="defaultActivationStore"
              label={label('defaultActivationStore')}
              disableSort
              render={(record: StoreRecord) => (record.defaultActivationStore ? <Chip size="small" color="success" label={translate('stores.list.default')} /> : null)}
            />
          </DataTable>
        </Card>
        <LoadMoreButton label={translate('stores.list.loadMore')} />
        {importing && <StoreImportDialog onClose={() => setImporting(false)} />}
      </InfiniteListBase>
    </>
  );
}
