import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { z } from 'zod';
import { GV } from '../../../../domain/giftcards';
import { clientIdBodySchema, RELOAD_LIMITS, type ReloadableCard } from '../../../../domain/reloadables';
import { euroAmountSchema } from '../../../components/euroAmountSchema';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { createIdempotencyKeys } from '../../../components/idempotencyKey';
import { useFormatCents } from '../../../components/MoneyField';
import { useFormSubmit } from '../../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../../dataProvider/types';
import { useLinkableCompanies } from './useLinkableCompanies';

interface DialogProps {
  card: ReloadableCard;
  onClose: () => void;
  onDone: () => void;
}

const reloadSchema = z.object({ amount: euroAmountSchema(RELOAD_LIMITS.maxReloadCents) });

/** A card reloaded by hand now (a one-row run against the wallet): SPEC §8 "recharge done". */
export function ReloadCardDialog({ card, onClose, onDone }: DialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const formatCents = useFormatCents();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [keyFor] = useState(createIdempotencyKeys);
  const resolver = useMemo(() => zodResolver(reloadSchema), []);
  const submit = useFormSubmit(
    useCallback(
      async ({ amount }: { amount: number }) => {
        await dataProvider.reloadReloadableCard(card.id, amount, keyFor({ cardId: card.id, amountCents: amount }));
        notify('success.rechargeDone', { type: 'success' });
        onDone();
        onClose();
      },
      [dataProvider, card.id, keyFor, notify, onDone, onClose],
    ),
    'messages.unableToRecharge',
  );
  return (
    <FormDialog id="card-reload" title={translate('reloadables.cardActions.reloadTitle', { number: card.number })} resolver={resolver} defaultValues={{ amount: '' }} onSubmit={submit} onClose={onClose} submitLabel={translate('reloadables.cardActions.reload')}>
      <Typography variant="body2" color="text.secondary">
        {translate('reloadables.cardActions.reloadExplain', { balance: formatCents(card.balanceCents) })}
      </Typography>
      <FormTextField
        name="amount"
        label={translate('reloadables.cardActions.amount')}
        helperText={translate('reloadables.cardActions.amountHelp', { max: formatCents(RELOAD_LIMITS.maxReloadCents) })}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        required
        autoFocus
      />
    </FormDialog>
  );
}

const clientIdSchema = clientIdBodySchema;

/** The customer's code for the holder (unique among the company's cards): SPEC §8 "client ID changed". */
export function ClientIdDialog({ card, onClose, onDone }: DialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const resolver = useMemo(() => zodResolver(clientIdSchema), []);
  const submit = useFormSubmit(
    useCallback(
      async ({ clientId }: { clientId: string }) => {
        await dataProvider.setReloadableCardClientId(card.id, clientId);
        notify('success.clientIdChanged', { type: 'success' });
        onDone();
        onClose();
      },
      [dataProvider, card.id, notify, onDone, onClose],
    ),
    'messages.unableToPerformAction',
  );
  return (
    <FormDialog id="card-client-id" title={translate('reloadables.cardActions.clientIdTitle', { number: card.number })} resolver={resolver} defaultValues={{ clientId: card.clientId ?? '' }} onSubmit={submit} onClose={onClose} submitLabel={translate('ra.action.save')}>
      <FormTextField name="clientId" label={translate('reloadables.cardFields.clientId')} required autoFocus rule={clientIdBodySchema.shape.clientId} />
    </FormDialog>
  );
}

const companySchema = z.object({ companyId: z.string().min(1, GV.required) });

/** Links a card to another company of the scope (offered only when there is one: `actions.linkCompany`). */
export function LinkCompanyDialog({ card, onClose, onDone }: DialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const companies = useLinkableCompanies();
  const resolver = useMemo(() => zodResolver(companySchema), []);
  const submit = useFormSubmit(
    useCallback(
      async ({ companyId }: { companyId: string }) => {
        await dataProvider.linkReloadableCardCompany(card.id, companyId);
        notify('reloadables.cardActions.linked', { type: 'success' });
        onDone();
        onClose();
      },
      [dataProvider, card.id, notify, onDone, onClose],
    ),
    'messages.unableToPerformAction',
  );
  // the card's own company would change nothing: never a choice
  const choices = companies.filter((company) => company.id !== card.companyId);
  return (
    <FormDialog id="card-company" title={translate('reloadables.cardActions.linkCompanyTitle', { number: card.number })} resolver={resolver} defaultValues={{ companyId: '' }} onSubmit={submit} onClose={onClose} submitLabel={translate('ra.action.save')}>
      <Typography variant="body2" color="text.secondary">
        {translate('reloadables.cardActions.linkCompanyNow', { company: card.companyName })}
      </Typography>
      <CompanySelect choices={choices} />
    </FormDialog>
  );
}

/** The company picker of the link dialogs (one card or many). */
export function CompanySelect({ choices }: { choices: Array<{ id: string; name: string }> }) {
  const translate = useTranslate();
  return (
    <FormTextField name="companyId" label={translate('reloadables.cardFields.company')} select required autoFocus>
      {choices.map((company) => (
        <MenuItem key={company.id} value={company.id}>
          {company.name}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
