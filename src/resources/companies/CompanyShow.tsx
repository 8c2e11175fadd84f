import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { CanAccess, ShowBase, useCreatePath, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { companyFields, referentFields } from '../../../domain/schemas/company';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { StatusBadge } from '../../components/StatusBadge';
import { RecordLoadError, SchemaShowFields } from '../../components/schema';
import { PageHeading } from '../../components/PageHeading';
import { BackLink } from '../../components/schema/BackLink';
import { OutOfScopeNote } from '../users/NotGrantableList';
import { CompanyDeleteButton } from './CompanyDeleteButton';
import { CompanyLogo } from './CompanyLogo';
import { RemoveReferentButton } from './RemoveReferentButton';
import { COMPANIES } from '../../components/companies/useScopeCompanies';

function CompanyDetail() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { isPending, error, refetch } = useShowContext();
  const company = useRecordContext<CompanyRecord>();
  const referent = company?.referent;
  if (error) return <RecordLoadError error={error} refetch={refetch} title="companies.notFound.title" message="companies.notFound.message" />;
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
            {(!referent || referent.actions.includes('edit')) && (
              <Button variant="outlined" component={Link} to={`${detail}/edit/referent`}>
                {translate(referent ? 'companies.actions.editReferent' : 'companies.actions.addReferent')}
              </Button>
            )}
            <CanAccess resource={COMPANIES} action="delete" record={company}>
              <CompanyDeleteButton company={company} />
            </CanAccess>
          </Box>
        </CanAccess>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {translate('companies.detail.company')}
          </Typography>
          <SchemaShowFields fields={companyFields} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {translate('companies.detail.logo')}
          </Typography>
          <CompanyLogo company={company} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              {translate('companies.detail.referent')}
            </Typography>
            {referent && <StatusBadge tone={referent.status === 'ACTIVE' ? 'green' : 'yellow'} label={translate(`companies.status.${referent.status}`)} />}
            {referent && (
              <CanAccess resource={COMPANIES} action="edit" record={company}>
                <Box sx={{ ml: 'auto' }}>
                  <RemoveReferentButton company={company} />
                </Box>
              </CanAccess>
            )}
          </Box>
          {referent && referent.outOfScope.length > 0 && <OutOfScopeNote keys={referent.outOfScope} />}
          {referent ? <SchemaShowFields fields={referentFields} record={referent} /> : <Typography color="text.secondary">{translate('companies.detail.noReferent')}</Typography>}
        </Paper>
      </Box>
    </>
  );
}

/**
 * /privative-orders/companies/{id}: the company's declared fields, its referent (with its removal)
 * and logo; edit and delete. The referent's edit and removal are offered as its record's
 * `actions` say; one holding permissions the caller lacks gets a note naming them instead. An id that names no company shows "this company does not exist".
 */
export default function CompanyShow() {
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <BackLink resource={COMPANIES} label="companies.actions.backToList" />
      <ShowBase resource={COMPANIES} queryOptions={{ onError: () => undefined }}>
        <CompanyDetail />
      </ShowBase>
    </Box>
  );
}
