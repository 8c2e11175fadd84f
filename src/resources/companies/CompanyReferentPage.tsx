import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useGetOne, useNotify, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { referentSchema, type ReferentInput } from '../../../domain/schemas/company';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { SubmitButton } from '../../components/SubmitButton';
import { errorMessage } from '../../dataProvider/httpError';
import { PageHeading } from '../../pages/PageHeading';
import { useSubmitWithNotify } from '../../pages/useSubmitWithNotify';
import { companyApi } from './companyApi';
import { applyFieldErrors } from './CompanyForm';
import { companyPaths, COMPANIES_RESOURCE } from './companyPaths';
import { ContactFields, EMPTY_CONTACT } from './ContactFields';

function ReferentForm({ company, onSaved }: { company: CompanyRecord; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const existing = company.referent;
  const defaults: ReferentInput = existing
    ? { firstName: existing.firstName, lastName: existing.lastName, phoneCountry: existing.phoneCountry ?? '+39', phone: existing.phone ?? '', email: existing.email }
    : EMPTY_CONTACT;
  const form = useForm<ReferentInput>({ resolver: zodResolver(referentSchema), mode: 'all', defaultValues: defaults });
  const submit = useSubmitWithNotify<ReferentInput>(async (values) => {
    try {
      await companyApi.saveReferent(company.id, values);
    } catch (error) {
      applyFieldErrors(error, form.setError, Object.keys(values));
      throw error;
    }
    notify(existing ? 'companies.messages.referentUpdated' : 'companies.messages.referentCreated', { type: 'success' });
    onSaved();
  });

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {company.companyName}
      </Typography>
      <Typography color="text.secondary">{translate(existing ? 'companies.referent.editHint' : 'companies.referent.createHint')}</Typography>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
          <ContactFields />
          <Box sx={{ display: 'flex', gap: 2, mt: 2, justifyContent: 'flex-end' }}>
            <Button component={Link} to={companyPaths.show(company.id)}>
              {translate(existing ? 'ra.action.cancel' : 'companies.referent.later')}
            </Button>
            <SubmitButton fullWidth={false}>{translate('companies.referent.save')}</SubmitButton>
          </Box>
        </Box>
      </FormProvider>
    </Paper>
  );
}

/**
 * The referent form (SPEC §2): /companies/new/referent?company={id} right after creating a
 * company, /companies/{id}/edit/referent after editing one. Saving e-mails an activation link.
 */
export default function CompanyReferentPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ?? search.get('company') ?? '';
  const { data: company, error, isPending } = useGetOne<CompanyRecord>(COMPANIES_RESOURCE, { id }, { enabled: id !== '' });
  const title = translate(params.id ? 'screens.companyReferentEdit' : 'screens.companyReferentCreate');

  return (
    <Box>
      <Button component={Link} to={id ? companyPaths.show(id) : companyPaths.list} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate(id ? 'companies.actions.backToDetail' : 'companies.actions.backToList')}
      </Button>
      <PageHeading title={title} />
      {!id && <Alert severity="warning">{translate('companies.referent.noCompany')}</Alert>}
      {id && isPending && <CircularProgress />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {company && <ReferentForm key={company.id} company={company} onSaved={() => {
            void queryClient.invalidateQueries({ queryKey: [COMPANIES_RESOURCE] });
            navigate(companyPaths.show(company.id));
          }} />}
    </Box>
  );
}
