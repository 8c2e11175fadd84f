import { MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../../../../domain/messages';
import { clientIdBodySchema, RELOAD_AMOUNT_EXAMPLES, RELOAD_LIMITS, type ReloadableCard } from '../../../../domain/reloadables';
import { ActionDialog } from '../../../components/ActionDialog';
import { AmountField } from '../../../components/AmountField';
import { euroAmountSchema } from '../../../components/euroAmountSchema';
import { FormSelectField } from '../../../components/FormSelectField';
import { FormTextField } from '../../../components/FormTextField';
import { createIdempotencyKeys } from '../../../components/idempotencyKey';
import { useFormatCents } from '../../../components/MoneyField';
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
  const formatCents = useFormatCents();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [keyFor] = useState(createIdempotencyKeys);
  return (
    <ActionDialog
      id="card-reload"
      title={translate('reloadables.cardActions.reloadTitle', { number: card.number })}
      schema={reloadSchema}
      defaultValues={{ amount: '' }}
      run={({ amount }) => dataProvider.reloadReloadableCard(card.id, amount, keyFor({ cardId: card.id, amountCents: amount }))}
      done="success.rechargeDone"
      failure="messages.unableToRecharge"
      onDone={onDone}
      onClose={onClose}
      submitLabel={translate('reloadables.cardActions.reload')}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('reloadables.cardActions.reloadExplain', { balance: formatCents(card.balanceCents) })}
      </Typography>
      <AmountField label={translate('reloadables.cardActions.amount')} help="reloadables.cardActions.amountHelp" maxCents={RELOAD_LIMITS.maxReloadCents} exampleCents={RELOAD_AMOUNT_EXAMPLES.reloadCents} />
    </ActionDialog>
  );
}

/** The customer's code for the holder (unique among the company's cards): SPEC §8 "client ID changed". */
export function ClientIdDialog({ card, onClose, onDone }: DialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  return (
    <ActionDialog
      id="card-client-id"
      title={translate('reloadables.cardActions.clientIdTitle', { number: card.number })}
      schema={clientIdBodySchema}
      defaultValues={{ clientId: card.clientId ?? '' }}
      run={({ clientId }) => dataProvider.setReloadableCardClientId(card.id, clientId)}
      done="success.clientIdChanged"
      failure="messages.unableToPerformAction"
      onDone={onDone}
      onClose={onClose}
      submitLabel={translate('ra.action.save')}
    >
      <FormTextField name="clientId" label={translate('reloadables.cardFields.clientId')} required autoFocus rule={clientIdBodySchema.shape.clientId} />
    </ActionDialog>
  );
}

const companySchema = z.object({ companyId: z.string().min(1, VALIDATION_MESSAGES.required) });

/** Links a card to another company of the scope (offered only when there is one: `actions.linkCompany`). */
export function LinkCompanyDialog({ card, onClose, onDone }: DialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const companies = useLinkableCompanies();
  // the card's own company would change nothing: never a choice
  const choices = companies.filter((company) => company.id !== card.companyId);
  return (
    <ActionDialog
      id="card-company"
      title={translate('reloadables.cardActions.linkCompanyTitle', { number: card.number })}
      schema={companySchema}
      defaultValues={{ companyId: '' }}
      run={({ companyId }) => dataProvider.linkReloadableCardCompany(card.id, companyId)}
      done="reloadables.cardActions.linked"
      failure="messages.unableToPerformAction"
      onDone={onDone}
      onClose={onClose}
      submitLabel={translate('ra.action.save')}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('reloadables.cardActions.linkCompanyNow', { company: card.companyName })}
      </Typography>
      <CompanySelect choices={choices} />
    </ActionDialog>
  );
}

/** The company picker of the link dialogs (one card or many). */
export function CompanySelect({ choices }: { choices: Array<{ id: string; name: string }> }) {
  const translate = useTranslate();
  return (
    <FormSelectField name="companyId" label={translate('reloadables.cardFields.company')} required autoFocus>
      {choices.map((company) => (
        <MenuItem key={company.id} value={company.id}>
          {company.name}
        </MenuItem>
      ))}
    </FormSelectField>
  );
}
