import { Paper } from '@mui/material';
import { EditBase, useCreatePath, useEditContext, useNotify, useTranslate } from 'react-admin';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { RecordLoadError } from '../../components/schema';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { BackLink } from '../../components/schema/BackLink';
import { companyBody, CompanyForm } from './CompanyForm';
import { COMPANIES } from '../../components/companies/useScopeCompanies';

/** The form once the company is loaded; an id that names no company says so. */
function CompanyEditBody() {
  const translate = useTranslate();
  const { error, refetch } = useEditContext();
  if (error) return <RecordLoadError error={error} refetch={refetch} title="companies.notFound.title" message="companies.notFound.message" />;
  return (
    <>
      <PageHeading title={translate('screens.companyEdit')} />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
        <CompanyForm />
      </Paper>
    </>
  );
}

/**
 * /privative-orders/companies/{id}/edit: the same two steps on the edit controller, then the
 * referent form, or the company's page when its referent's record offers no edit.
 */
export default function CompanyEdit() {
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
      queryOptions={{ onError: () => undefined }}
      mutationOptions={{
        onSuccess: (company: CompanyRecord) => {
          notify('companies.messages.companyUpdated', { type: 'success' });
          navigate(company.referent && !company.referent.actions.includes('edit') ? detail : `${detail}/edit/referent`);
        },
      }}
    >
      <BackLink to={detail} label="companies.actions.backToDetail" />
      <CompanyEditBody />
    </EditBase>
  );
}
