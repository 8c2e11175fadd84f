import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { errorMessage } from '../../dataProvider/httpError';
import { PageHeading } from '../../pages/PageHeading';
import { CompanyForm } from './CompanyForm';
import { companyBody, companyFormValues } from './companyFormSchema';
import { companyPaths, COMPANIES_RESOURCE } from './companyPaths';

/** /privative-orders/companies/{id}/edit: the same two steps, then the referent form. */
export default function CompanyEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { data: company, error, isPending } = useGetOne<CompanyRecord>(COMPANIES_RESOURCE, { id }, { enabled: id !== '' });
  const [update] = useUpdate<CompanyRecord>();

  return (
    <Box>
      <Button component={Link} to={companyPaths.show(id)} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('companies.actions.backToDetail')}
      </Button>
      <PageHeading title={translate('screens.companyEdit')} />
      {isPending && <CircularProgress />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {company && (
        <CompanyForm
          defaultValues={companyFormValues(company)}
          excludeParentId={company.id}
          submitLabel={translate('companies.form.saveAndContinue')}
          onSubmit={async (values) => {
            await update(COMPANIES_RESOURCE, { id, data: companyBody(values), previousData: company }, { mutationMode: 'pessimistic', returnPromise: true });
            notify('companies.messages.companyUpdated', { type: 'success' });
            navigate(companyPaths.editReferent(id));
          }}
        />
      )}
    </Box>
  );
}
