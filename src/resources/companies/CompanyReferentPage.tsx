import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { RecordContextProvider, ShowBase, useCreatePath, useDataProvider, useNotify, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { referentFields, type ReferentInput } from '../../../domain/schemas/company';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { RecordLoadError, SchemaForm, SchemaShowFields } from '../../components/schema';
import { useFormSubmit } from '../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { PageHeading } from '../../components/PageHeading';
import { BackLink } from '../../components/schema/BackLink';
import { OutOfScopeNote } from '../users/NotGrantableList';
import { COMPANIES } from '../../components/companies/useScopeCompanies';

/**
 * The declared referent fields; saving is the named `saveCompanyReferent` call (not CRUD). A
 * referent whose record offers no `edit` (one holding permissions the caller lacks, issue 37) is
 * shown read-only, with a note naming those permissions.
 */
function ReferentForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { isPending, error, refetch } = useShowContext();
  const company = useRecordContext<CompanyRecord>();
  const onSubmit = useFormSubmit<ReferentInput>(async (values) => {
    await dataProvider.saveCompanyReferent(company!.id, values);
    notify(company?.referent ? 'companies.messages.referentUpdated' : 'companies.messages.referentCreated', { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: [COMPANIES] });
    navigate(createPath({ resource: COMPANIES, type: 'edit', id: company!.id }));
  });
  if (error) return <RecordLoadError error={error} refetch={refetch} heading={false} title="companies.notFound.title" message="companies.notFound.message" />;
  if (isPending) return <CircularProgress />;
  if (!company) return null;
  const existing = company.referent;
  const detail = createPath({ resource: COMPANIES, type: 'edit', id: company.id });
  if (existing && !existing.actions.includes('edit')) {
    return (
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {company.companyName}
        </Typography>
        {existing.outOfScope.length > 0 && <OutOfScopeNote keys={existing.outOfScope} />}
        <SchemaShowFields fields={referentFields} record={existing} />
        <Box sx={{ mt: 3 }}>
          <Button component={Link} to={detail}>
            {translate('ra.action.close')}
          </Button>
        </Box>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {company.companyName}
      </Typography>
      <Typography color="text.secondary">{translate(existing ? 'companies.referent.editHint' : 'companies.referent.createHint')}</Typography>
      {/* the form edits the referent, not the company */}
      <RecordContextProvider value={existing ?? undefined}>
        <SchemaForm
          fields={referentFields}
          onSubmit={onSubmit}
          submitLabel="companies.referent.save"
          actions={
            <Button component={Link} to={detail}>
              {translate(existing ? 'ra.action.cancel' : 'companies.referent.later')}
            </Button>
          }
        />
      </RecordContextProvider>
    </Paper>
  );
}

/**
 * The referent form (SPEC §2): /companies/new/referent?company={id} right after creating a
 * company, /companies/{id}/edit/referent after editing one. Saving e-mails an activation link.
 */
export default function CompanyReferentPage() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ?? search.get('company') ?? '';
  return (
    <Box>
      <BackLink
        to={id ? createPath({ resource: COMPANIES, type: 'edit', id }) : createPath({ resource: COMPANIES, type: 'list' })}
        label={id ? 'companies.actions.backToDetail' : 'companies.actions.backToList'}
      />
      <PageHeading title={translate(params.id ? 'screens.companyReferentEdit' : 'screens.companyReferentCreate')} />
      {id ? (
        <ShowBase resource={COMPANIES} id={id} queryOptions={{ onError: () => undefined }}>
          <ReferentForm />
        </ShowBase>
      ) : (
        <Alert severity="warning">{translate('companies.referent.noCompany')}</Alert>
      )}
    </Box>
  );
}
