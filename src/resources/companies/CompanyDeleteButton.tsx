import { Alert, Box, Button, CircularProgress, DialogActions, DialogContent, DialogTitle, Link as MuiLink, Typography } from '@mui/material';
import { useState } from 'react';
import { useCreatePath, useDelete, useNotify, useRedirect, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { ModalDialog } from '../../components/ModalDialog';
import { errorMessage, HttpError } from '../../dataProvider/httpError';
import { COMPANIES } from '../../components/companies/useScopeCompanies';

type Refusal = { message: string; kinds: string[] } | null;

/** Where each kind of leftover can be dealt with (orders have no screen yet: text only). */
function useLeftoverLinks(company: CompanyRecord) {
  const createPath = useCreatePath();
  const list = createPath({ resource: COMPANIES, type: 'list' });
  return {
    users: { to: `${list}?tab=operators&companyId=${company.id}`, label: 'companies.delete.openOperators' },
    companies: { to: `${list}?parentId=${company.id}`, label: 'companies.delete.openSubCompanies' },
    stores: { to: createPath({ resource: 'privative/stores', type: 'list' }), label: 'companies.delete.openStores' },
    cards: { to: createPath({ resource: 'privative/giftcards', type: 'list' }), label: 'companies.delete.openCards' },
  } as Record<string, { to: string; label: string } | undefined>;
}

/** What is left, each with a link to the place where it can be handled. */
function Leftovers({ company, refusal }: { company: CompanyRecord; refusal: NonNullable<Refusal> }) {
  const translate = useTranslate();
  const links = useLeftoverLinks(company);
  return (
    <Alert severity="error">
      {refusal.kinds.length > 0 ? translate('companies.delete.refused') : refusal.message}
      {refusal.kinds.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {refusal.kinds.map((kind) => {
            const link = links[kind];
            return (
              <li key={kind}>
                {translate(`companies.inUse.${kind}`)}
                {kind === 'users' && company.referent && company.referent.status !== 'DISABLED' && <> {translate('companies.delete.removeReferentHint')}</>}
                {link && (
                  <>
                    {' '}
                    <MuiLink component={Link} to={link.to}>
                      {translate(link.label)}
                    </MuiLink>
                  </>
                )}
              </li>
            );
          })}
        </Box>
      )}
    </Alert>
  );
}

/** The company's state that a refusal is about: when it changes (referent removed…), delete may work again. */
const versionOf = (company: CompanyRecord) => `${company.updatedAt}|${company.referent?.id ?? ''}|${company.referent?.status ?? ''}`;

/**
 * Hand-written rather than react-admin's DeleteWithConfirmButton: a refused delete
 * (COMPANY_IN_USE) lists what is left in the dialog, each with a link to where it is handled;
 * after the refusal the button stays disabled with the reason beside it until the company
 * changes (or the page is opened again), instead of inviting the same refusal.
 */
export function CompanyDeleteButton({ company }: { company: CompanyRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>(null);
  const [refusedVersion, setRefusedVersion] = useState<string | null>(null);
  const [remove, { isPending }] = useDelete<CompanyRecord>();
  const blocked = refusedVersion !== null && refusedVersion === versionOf(company);
  const confirm = async () => {
    try {
      await remove(COMPANIES, { id: company.id, previousData: company }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('companies.messages.companyDeleted', { type: 'success' });
      redirect('list', COMPANIES);
    } catch (error) {
      const errors = error instanceof HttpError ? ((error.body as { errors?: Record<string, string> } | null)?.errors ?? {}) : {};
      setRefusal({ message: errorMessage(error), kinds: Object.keys(errors) });
      if (error instanceof HttpError && error.code === 'COMPANY_IN_USE') setRefusedVersion(versionOf(company));
    }
  };
  return (
    <>
      <Button color="error" variant="outlined" disabled={blocked} aria-describedby={blocked ? 'company-delete-blocked' : undefined} onClick={() => (setRefusal(null), setOpen(true))}>
        {translate('ra.action.delete')}
      </Button>
      {blocked && (
        <Typography id="company-delete-blocked" variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          {translate('companies.delete.blocked')}
        </Typography>
      )}
      <ModalDialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby="company-delete-title">
        <DialogTitle id="company-delete-title">{translate('companies.delete.title')}</DialogTitle>
        <DialogContent>{refusal ? <Leftovers company={company} refusal={refusal} /> : translate('companies.delete.question', { name: company.companyName })}</DialogContent>
        <DialogActions>
          {refusal ? (
            <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
          ) : (
            <>
              <Button onClick={() => setOpen(false)} disabled={isPending}>
                {translate('ra.action.cancel')}
              </Button>
              <Button variant="contained" color="error" onClick={() => void confirm()} disabled={isPending} startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
                {translate('ra.action.delete')}
              </Button>
            </>
          )}
        </DialogActions>
      </ModalDialog>
    </>
  );
}
