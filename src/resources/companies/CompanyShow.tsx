import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Chip, CircularProgress, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useDelete, useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage, HttpError } from '../../dataProvider/httpError';
import { PageHeading } from '../../pages/PageHeading';
import { CompanyLogo } from './CompanyLogo';
import { companyPaths, COMPANIES_RESOURCE } from './companyPaths';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value || '—'}</Typography>
    </Box>
  );
}

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, gap: 2 };

function DeleteCompanyButton({ company }: { company: CompanyRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<{ message: string; reasons: string[] } | null>(null);
  const [remove, { isPending }] = useDelete<CompanyRecord>();
  const confirm = async () => {
    try {
      await remove(COMPANIES_RESOURCE, { id: company.id, previousData: company }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('companies.messages.companyDeleted', { type: 'success' });
      navigate(companyPaths.list);
    } catch (error) {
      // the reason (COMPANY_IN_USE and what is left) stays in the dialog, where the user asked
      const reasons = error instanceof HttpError ? Object.values((error.body as { errors?: Record<string, string> } | null)?.errors ?? {}) : [];
      setFailure({ message: errorMessage(error), reasons });
    }
  };
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => (setFailure(null), setOpen(true))}>
        {translate('ra.action.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={translate('companies.delete.title')}
        confirmLabel={translate('ra.action.delete')}
        busy={isPending}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
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

/** /privative-orders/companies/{id}: the company, its referent and logo; edit and delete. */
export default function CompanyShow() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const { data: company, error, isPending } = useGetOne<CompanyRecord>(COMPANIES_RESOURCE, { id }, { enabled: id !== '' });
  const label = (field: string) => translate(`companies.fields.${field}`);
  const contact = (field: string) => translate(`companies.contactFields.${field}`);
  const referent = company?.referent;

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Button component={Link} to={companyPaths.list} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('companies.actions.backToList')}
      </Button>
      <PageHeading title={company ? company.companyName : translate('screens.companyDetail')} />
      {isPending && <CircularProgress />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {company && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" component={Link} to={companyPaths.edit(company.id)}>
              {translate('ra.action.edit')}
            </Button>
            <Button variant="outlined" component={Link} to={companyPaths.editReferent(company.id)}>
              {translate(referent ? 'companies.actions.editReferent' : 'companies.actions.addReferent')}
            </Button>
            <DeleteCompanyButton company={company} />
          </Box>
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography variant="h6" sx={{ mb: 2 }}>
              {translate('companies.detail.company')}
            </Typography>
            <Box sx={grid}>
              <Detail label={label('code')} value={company.code} />
              <Detail label={label('companyName')} value={company.companyName} />
              <Detail label={label('businessName')} value={company.businessName} />
              <Detail label={label('vatNumber')} value={company.vatNumber} />
              <Detail label={label('parent')} value={company.parentName} />
              <Detail label={label('address')} value={company.address} />
              <Detail label={label('city')} value={company.city} />
              <Detail label={label('municipality')} value={company.municipality} />
              <Detail label={label('province')} value={company.province} />
              <Detail label={label('zip')} value={company.zip} />
            </Box>
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
            {referent ? (
              <Box sx={grid}>
                <Detail label={contact('firstName')} value={referent.firstName} />
                <Detail label={contact('lastName')} value={referent.lastName} />
                <Detail label={contact('email')} value={referent.email} />
                <Detail label={contact('phone')} value={[referent.phoneCountry, referent.phone].filter(Boolean).join(' ')} />
              </Box>
            ) : (
              <Typography color="text.secondary">{translate('companies.detail.noReferent')}</Typography>
            )}
          </Paper>
        </Box>
      )}
    </Box>
  );
}
