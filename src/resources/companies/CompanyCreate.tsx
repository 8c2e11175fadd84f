import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button } from '@mui/material';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { readCompanyId } from '../../authProvider/session';
import { PageHeading } from '../../pages/PageHeading';
import { CompanyForm } from './CompanyForm';
import { companyBody, EMPTY_COMPANY } from './companyFormSchema';
import { companyPaths, COMPANIES_RESOURCE } from './companyPaths';

/** /privative-orders/companies/new: the two-step company form, then the referent form. */
export default function CompanyCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate<CompanyRecord>();

  return (
    <Box>
      <Button component={Link} to={companyPaths.list} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('companies.actions.backToList')}
      </Button>
      <PageHeading title={translate('screens.companyCreate')} />
      <CompanyForm
        // the user's own company is the default parent (the server's default too)
        defaultValues={{ ...EMPTY_COMPANY, parentId: readCompanyId() ?? '' }}
        submitLabel={translate('companies.form.saveAndContinue')}
        onSubmit={async (values) => {
          const created = (await create(COMPANIES_RESOURCE, { data: companyBody(values) }, { returnPromise: true })) as CompanyRecord;
          notify('companies.messages.companyCreated', { type: 'success' });
          navigate(companyPaths.createReferent(String(created.id)));
        }}
      />
    </Box>
  );
}
