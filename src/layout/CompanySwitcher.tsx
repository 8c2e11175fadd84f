import BusinessIcon from '@mui/icons-material/Business';
import { Autocomplete, Box, Button, Dialog, DialogContent, DialogTitle, TextField, useMediaQuery, type Theme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { FILTER_TEXT_MAX } from '../../domain/fields';
import type { CompanyRecord } from '../../domain/schemas/companies-api';
import { useCanAccessAtOnce } from '../authProvider/useCanAccessAtOnce';
import { useIdentityAtOnce } from '../authProvider/useIdentityAtOnce';
import { useTesseraAuthProvider } from '../authProvider/useTesseraAuthProvider';
import { listPathOf, REGISTRY } from '../resources/registry';

const COMPANIES = 'privative-orders/companies';

interface Choice {
  id: string;
  name: string;
  own: boolean;
}

/** The list page of the resource the user is on: a record of the old company may not be in the new one. */
function listOfCurrentScreen(pathname: string): string {
  const resource = [...REGISTRY]
    .sort((a, b) => b.name.length - a.name.length)
    .find((definition) => pathname === `/${definition.name}` || pathname.startsWith(`/${definition.name}/`));
  return resource?.list ? listPathOf(resource) : pathname;
}

function SwitcherDialog({ own, current, onClose }: { own: Choice; current: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const authProvider = useTesseraAuthProvider();
  const [q, setQ] = useState('');
  // the user's own subtree, whichever company is being looked at
  const { data = [], isPending } = useGetList<CompanyRecord>(COMPANIES, {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'companyName', order: 'ASC' },
    filter: q ? { q } : {},
    meta: { companyId: own.id },
  });
  const options: Choice[] = [own, ...data.filter((company) => company.id !== own.id).map((company) => ({ id: company.id, name: company.companyName, own: false }))];

  const choose = (choice: Choice | null) => {
    if (!choice || choice.id === current) return onClose();
    authProvider.setViewedCompany(choice.own ? null : { id: choice.id, name: choice.name });
    // every list, record and the identity (forms' default company) now belong to another company
    void queryClient.invalidateQueries();
    notify('layout.companySwitcher.changed', { type: 'info', messageArgs: { name: choice.name } });
    navigate(listOfCurrentScreen(pathname));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="company-switcher-title">
      <DialogTitle id="company-switcher-title">{translate('layout.companySwitcher.title')}</DialogTitle>
      <DialogContent>
        <Autocomplete<Choice>
          autoFocus
          openOnFocus
          options={options}
          loading={isPending}
          filterOptions={(x) => x}
          getOptionLabel={(option) => (option.own ? translate('layout.companySwitcher.own', { name: option.name }) : option.name)}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          value={options.find((option) => option.id === current) ?? null}
          onInputChange={(_event, value, reason) => reason === 'input' && setQ(value)}
          onChange={(_event, value) => choose(value)}
          noOptionsText={translate('layout.companySwitcher.empty')}
          renderInput={(params) => <TextField {...params} inputProps={{ ...params.inputProps, maxLength: FILTER_TEXT_MAX }} autoFocus label={translate('layout.companySwitcher.search')} margin="dense" />}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Provider staff and parent companies choose whose data they look at: lists, records and forms
 * then work in that company's subtree (the dataProvider's `{companyId}`; the server checks it is
 * in the user's scope). Shown only to users who may list companies and have some below theirs.
 */
export function CompanySwitcher() {
  const translate = useTranslate();
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccessAtOnce({ resource: COMPANIES, action: 'list' });
  const { identity } = useIdentityAtOnce();
  const ownId = identity?.ownCompanyId as string | undefined;
  const { total } = useGetList<CompanyRecord>(
    COMPANIES,
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'companyName', order: 'ASC' }, meta: { companyId: ownId } },
    { enabled: Boolean(canAccess && ownId) },
  );
  if (!canAccess || !identity || !ownId || !total) return null;

  const own: Choice = { id: ownId, name: String(identity.ownCompanyName ?? ''), own: true };
  const name = String(identity.companyName ?? '');
  const label = translate('layout.companySwitcher.viewing', { name });
  return (
    <>
      <Button
        color="inherit"
        onClick={() => setOpen(true)}
        startIcon={<BusinessIcon />}
        aria-label={label}
        aria-haspopup="dialog"
        sx={{ textTransform: 'none', minWidth: 0, maxWidth: { xs: 48, md: 260 }, '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 } } }}
      >
        {!compact && (
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </Box>
        )}
      </Button>
      {open && <SwitcherDialog own={own} current={String(identity.companyId)} onClose={() => setOpen(false)} />}
    </>
  );
}
