import { Paper } from '@mui/material';
import { EditBase, useCreatePath, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeading } from '../../pages/PageHeading';
import { BackLink } from '../../components/schema/BackLink';
import { companyBody, CompanyForm } from './CompanyForm';
import { COMPANIES } from './useScopeCompanies';

/** /privative-orders/companies/{id}/edit: the same two steps on the edit controller, then the referent form. */
export default function CompanyEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const { id = '' } = useParams();
  const detail = createPath({ resource: COMPANIES, type: 'edit', id });
  return (
    <EditBase
      resource={COMPANIES}
      id={id}
      mutationMode="pessimistic"
      transform={companyBody}
      mutationOptions={{
        onSuccess: () => {
          notify('companies.messages.companyUpdated', { type: 'success' });
          navigate(`${detail}/edit/referent`);
        },
      }}
    >
      <BackLink to={detail} label="companies.actions.backToDetail" />
      <PageHeading title={translate('screens.companyEdit')} />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
        <CompanyForm />
      </Paper>
    </EditBase>
  );
}
