import { Autocomplete, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useGetIdentity, useGetList, useTranslate } from 'react-admin';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { FILTER_TEXT_MAX } from '../../../../domain/fields';
import type { CompanyRecord } from '../../../../domain/schemas/companies-api';
import { shippingTypeOf, wizardPaths } from './paths';
import { WizardPage } from './WizardPage';
import { useWizardRun } from './wizardRun';

const COMPANIES = 'privative-orders/companies';

interface Choice {
  id: string;
  name: string;
  own: boolean;
}

/**
 * `create/company/{shippingType}`: the company receiving the cards, the user's own (the one looked
 * at in the header) or one below it. Users who may not read the companies registry order for their
 * own company only.
 */
export default function CompanyStep() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const type = shippingTypeOf(useParams().shippingType);
  const { identity } = useGetIdentity();
  const { canAccess: mayList } = useCanAccess({ resource: COMPANIES, action: 'list' });
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Choice | null>(null);
  const { state, draft } = useWizardRun();
  const { data = [], isPending } = useGetList<CompanyRecord>(
    COMPANIES,
    { pagination: { page: 1, perPage: 50 }, sort: { field: 'companyName', order: 'ASC' }, filter: q ? { q } : {} },
    { enabled: mayList === true },
  );
  if (!type) return <Navigate to={wizardPaths.list()} replace />;
  // this pass already made its draft (Back, reload): its company is chosen, the summary shows it
  if (draft) return <Navigate to={wizardPaths.recap(draft)} replace />;
  const own: Choice | null = identity?.companyId ? { id: String(identity.companyId), name: String(identity.companyName ?? ''), own: true } : null;
  const options: Choice[] = [...(own ? [own] : []), ...data.filter((c) => c.id !== own?.id).map((c) => ({ id: c.id, name: c.companyName, own: false }))];
  const value = chosen ?? own;
  const label = (choice: Choice) => (choice.own ? translate('orderWizard.company.own', { name: choice.name }) : choice.name);

  return (
    <WizardPage title={translate('screens.orderCreate')} step="company" back={{ to: wizardPaths.list(), label: 'orderWizard.backToList' }} about={{ shippingType: type }}>
      <Paper variant="outlined" component="section" aria-labelledby="company-step-title" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <Typography variant="h6" component="h2" id="company-step-title" gutterBottom>
          {translate('orderWizard.company.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(mayList ? 'orderWizard.company.help' : 'orderWizard.company.helpOwnOnly')}
        </Typography>
        <Autocomplete<Choice>
          options={options}
          loading={mayList === true && isPending}
          filterOptions={(x) => x}
          value={value ?? null}
          getOptionLabel={label}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onInputChange={(_event, text, reason) => reason === 'input' && setQ(text)}
          onChange={(_event, next) => setChosen(next)}
          noOptionsText={translate('orderWizard.company.none')}
          renderInput={(params) => <TextField {...params} inputProps={{ ...params.inputProps, maxLength: FILTER_TEXT_MAX }} label={translate('orderWizard.company.label')} />}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
          <Button variant="contained" size="large" disabled={!value} onClick={() => value && navigate(wizardPaths.catalog(type, value.id), { state })}>
            {translate('orderWizard.continue')}
          </Button>
        </Box>
      </Paper>
    </WizardPage>
  );
}
