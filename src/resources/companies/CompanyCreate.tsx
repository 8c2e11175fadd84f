import { CircularProgress, Paper } from '@mui/material';
import { CreateBase, useCreatePath, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { PageHeading } from '../../components/PageHeading';
import { BackLink } from '../../components/schema/BackLink';
import { companyBody, CompanyForm } from './CompanyForm';
import { COMPANIES } from '../../components/companies/useScopeCompanies';

/** /privative-orders/companies/new: the two-step company form on the create controller, then the referent form. */
export default function CompanyCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const { identity, isPending } = useGetIdentity();
  const list = createPath({ resource: COMPANIES, type: 'list' });
  return (
    <CreateBase<CompanyRecord>
      resource={COMPANIES}
      transform={companyBody}
      mutationOptions={{
        onSuccess: (created) => {
          notify('companies.messages.companyCreated', { type: 'success' });
          // the company just created travels in the query, so a reload keeps it
          navigate(`${list}/new/referent?company=${encodeURIComponent(String(created.id))}`);
        },
      }}
    >
      <BackLink to={list} label="companies.actions.backToList" />
      <PageHeading title={translate('screens.companyCreate')} />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
        {/* the user's own company is the default parent (the server's default too) */}
        {isPending ? <CircularProgress /> : <CompanyForm defaultValues={{ parentId: identity?.companyId ? String(identity.companyId) : '' }} />}
      </Paper>
    </CreateBase>
  );
}
