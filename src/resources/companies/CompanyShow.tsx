import { Alert, Box, Button, Chip, CircularProgress, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { CanAccess, ShowBase, useCreatePath, useDelete, useNotify, useRecordContext, useRedirect, useShowContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { companyFields, referentFields } from '../../../domain/schemas/company';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SchemaShowFields } from '../../components/schema';
import { errorMessage, HttpError } from '../../dataProvider/httpError';
import { PageHeading } from '../../pages/PageHeading';
import { BackLink } from '../../components/schema/BackLink';
import { CompanyLogo } from './CompanyLogo';
import { COMPANIES } from './useScopeCompanies';

/**
 * Hand-written rather than react-admin's DeleteWithConfirmButton: a refused delete
 * (COMPANY_IN_USE) lists what is left in the dialog, where the user asked.
 */
function DeleteCompanyButton({ company }: { company: CompanyRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<{ message: string; reasons: string[] } | null>(null);
  const [remove, { isPending }] = useDelete<CompanyRecord>();
  const confirm = async () => {
    try {
      await remove(COMPANIES, { id: company.id, previousData: company }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('companies.messages.companyDeleted', { type: 'success' });
      redirect('list', COMPANIES);
    } catch (error) {
      const reasons = error instanceof HttpError ? Object.values((error.body as { errors?: Record<string, string> } | null)?.errors ?? {}) : [];
      setFailure({ message: errorMessage(error), reasons });
    }
  };
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => (setFailure(null), setOpen(true))}>
        {translate('ra.action.delete')}
      </Button>
      <ConfirmDialog open={open} title={translate('companies.delete.title')} confirmLabel={translate('ra.action.delete')} busy={isPending} onConfirm={() => void confirm()} onClose={() => setOpen(false)}>
        {failure ? (
          <Alert severity="error">
            {failure.message}
            {failure.reasons.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                {failure.reasons.map((key) => (
                  <li key={key}>{translate(key)}</li>
                ))}
              </Box>
            )}
          </Alert>
        ) : (
          translate('companies.delete.question', { name: company.companyName })
        )}
      </ConfirmDialog>
    </>
  );
}

function CompanyDetail() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { isPending } = useShowContext();
  const company = useRecordContext<CompanyRecord>();
  const referent = company?.referent;
  if (isPending) return <CircularProgress />;
  if (!company) return null;
  const detail = createPath({ resource: COMPANIES, type: 'edit', id: company.id });
  return (
    <>
      <PageHeading title={company.companyName} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <CanAccess resource={COMPANIES} action="edit" record={company}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" component={Link} to={`${detail}/edit`}>
              {translate('ra.action.edit')}
            </Button>
            <Button variant="outlined" component={Link} to={`${detail}/edit/referent`}>
              {translate(referent ? 'companies.actions.editReferent' : 'companies.actions.addReferent')}
            </Button>
            <CanAccess resource={COMPANIES} action="delete" record={company}>
              <DeleteCompanyButton company={company} />
            </CanAccess>
          </Box>
        </CanAccess>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" sx={{ mb: 2 }}>
            {translate('companies.detail.company')}
          </Typography>
          <SchemaShowFields fields={companyFields} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" sx={{ mb: 2 }}>
            {translate('companies.detail.logo')}
          </Typography>
          <CompanyLogo company={company} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
            <Typography variant="h6">{translate('companies.detail.referent')}</Typography>
            {referent && <Chip size="small" color={referent.status === 'ACTIVE' ? 'success' : 'warning'} label={translate(`companies.status.${referent.status}`)} />}
          </Box>
          {referent ? <SchemaShowFields fields={referentFields} record={referent} /> : <Typography color="text.secondary">{translate('companies.detail.noReferent')}</Typography>}
        </Paper>
      </Box>
    </>
  );
}

/** /privative-orders/companies/{id}: the company's declared fields, its referent and logo; edit and delete. */
export default function CompanyShow() {
  const createPath = useCreatePath();
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <BackLink to={createPath({ resource: COMPANIES, type: 'list' })} label="companies.actions.backToList" />
      <ShowBase resource={COMPANIES}>
        <CompanyDetail />
      </ShowBase>
    </Box>
  );
}
