import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card, Typography } from '@mui/material';
import { DataTable, InfiniteListBase, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { companyPaths, COMPANIES_PAGE_SIZE, COMPANIES_RESOURCE } from './companyPaths';
import { ListSearchField } from './ListSearchField';

function NoCompanies() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('companies.list.empty')}
    </Typography>
  );
}

/** The companies tab: every company below the user's own, searchable, with load more. */
export function CompanyList() {
  const translate = useTranslate();
  const label = (key: string) => translate(`companies.fields.${key}`);
  return (
    <InfiniteListBase<CompanyRecord> resource={COMPANIES_RESOURCE} perPage={COMPANIES_PAGE_SIZE} sort={{ field: 'companyName', order: 'ASC' }} disableAuthentication disableSyncWithLocation>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <ListSearchField label={translate('companies.list.search')} />
        <Button variant="contained" component={Link} to={companyPaths.create} startIcon={<AddIcon />}>
          {translate('companies.actions.create')}
        </Button>
      </Box>
      <Card variant="outlined">
        <DataTable<CompanyRecord> rowClick={(id) => companyPaths.show(String(id))} bulkActionButtons={false} empty={<NoCompanies />}>
          <DataTable.Col source="code" label={label('code')} />
          <DataTable.Col source="companyName" label={label('companyName')} />
          <DataTable.Col source="businessName" label={label('businessName')} />
          <DataTable.Col source="vatNumber" label={label('vatNumber')} disableSort />
          <DataTable.Col source="city" label={label('city')} />
          <DataTable.Col source="parentName" label={label('parent')} disableSort />
          <DataTable.Col
            source="referent"
            label={translate('companies.detail.referent')}
            disableSort
            render={(record: CompanyRecord) => (record.referent ? `${record.referent.firstName} ${record.referent.lastName}` : '—')}
          />
        </DataTable>
      </Card>
      <LoadMoreButton label={translate('companies.list.loadMore')} />
    </InfiniteListBase>
  );
}
