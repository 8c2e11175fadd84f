import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { CanAccess, DataTable, useCreatePath, useTranslate, type RaRecord } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { companyFields } from '../../../domain/schemas/company';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { SchemaList } from '../../components/schema';
import { COMPANIES } from '../../components/companies/useScopeCompanies';

const referentName = (record: RaRecord) => {
  const referent = (record as CompanyRecord).referent;
  return referent ? `${referent.firstName} ${referent.lastName}` : '—';
};

/**
 * The companies tab: the declared company columns, search, count, load more; a row (and its name,
 * a link) opens the company ({id}). `?parentId=` opens it on the sub-companies of one company
 * (the refused company delete links here).
 */
export function CompanyList() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const [search] = useSearchParams();
  const parentId = search.get('parentId');
  return (
    <SchemaList
      fields={companyFields}
      search
      filtersLabel
      count
      filterDefaultValues={parentId ? { parentId } : undefined}
      rowClick="edit"
      actions={
        <CanAccess resource={COMPANIES} action="create">
          <Button variant="contained" component={Link} to={`${createPath({ resource: COMPANIES, type: 'list' })}/new`} startIcon={<AddIcon />}>
            {translate('companies.actions.create')}
          </Button>
        </CanAccess>
      }
      columns={<DataTable.Col source="referent" label="companies.detail.referent" disableSort render={referentName} />}
    />
  );
}
