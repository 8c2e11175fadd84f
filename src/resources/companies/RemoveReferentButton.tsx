import { useNotifyError } from '../../components/useNotifyError';
import { Button, CircularProgress, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { ModalDialog } from '../../components/ModalDialog';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { COMPANIES } from './useScopeCompanies';

/** `DELETE …/companies/{id}/referent` (server/modules/companies): the dataProvider's named call. */

/**
 * Removes the company's referent (the way out of "still has users" when the referent is the last
 * one). Says what happens before it does it: a referent who never activated is deleted with the
 * activation link; an active one is disabled and signed out at once, and stays in the history.
 * Not offered on one's own account (the API refuses it), nor without the dataProvider call.
 */
export function RemoveReferentButton({ company }: { company: CompanyRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { identity } = useGetIdentity();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const referent = company.referent;
  if (!referent || String(identity?.id ?? '') === referent.id) return null;
  const name = `${referent.firstName} ${referent.lastName}`;
  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.removeCompanyReferent(company.id);
      notify('companies.messages.referentRemoved', { type: 'success' });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: [COMPANIES] });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {translate('companies.referent.remove')}
      </Button>
      <ModalDialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby="remove-referent-title">
        <DialogTitle id="remove-referent-title">{translate('companies.referent.removeTitle')}</DialogTitle>
        <DialogContent>{translate(referent.status === 'PENDING_ACTIVATION' ? 'companies.referent.removePending' : 'companies.referent.removeActive', { name })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" color="error" onClick={() => void confirm()} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {translate('companies.referent.remove')}
          </Button>
        </DialogActions>
      </ModalDialog>
    </>
  );
}
