import { zodResolver } from '@hookform/resolvers/zod';
import { Box, FormControl, FormControlLabel, FormLabel, Paper, Radio, RadioGroup, Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { Form, useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { useController, useFormContext, type FieldValues, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { RELOAD_AMOUNT_EXAMPLES, RELOAD_LIMITS, walletNoteSchema, type Wallet } from '../../../../domain/reloadables';
import { AmountField } from '../../../components/AmountField';
import { euroAmountSchema } from '../../../components/euroAmountSchema';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { FormTextField } from '../../../components/FormTextField';
import { createIdempotencyKeys } from '../../../components/idempotencyKey';
import { SubmitButton } from '../../../components/SubmitButton';
import { useFormSubmit } from '../../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../../dataProvider/types';

const transferFormSchema = z.object({
  amount: euroAmountSchema(RELOAD_LIMITS.maxWalletMoveCents),
  direction: z.enum(['TO_SUB', 'FROM_SUB']),
  note: walletNoteSchema,
});
type TransferValues = z.output<typeof transferFormSchema>;
const EMPTY = { amount: '', direction: 'TO_SUB', note: '' };

/** Which way plafond can move: out of a wallet with nothing available nothing can (the parent's wallet unknown yet: allowed, the server decides). */
function directionsOf(parent: Wallet | undefined, sub: Wallet): { toSub: boolean; fromSub: boolean } {
  return { toSub: !parent || parent.availableCents > 0, fromSub: sub.availableCents > 0 };
}

function DirectionField({ subName, directions }: { subName: string; directions: { toSub: boolean; fromSub: boolean } }) {
  const translate = useTranslate();
  const { control } = useFormContext();
  const { field } = useController({ name: 'direction', control });
  const empty = !directions.toSub ? 'reloadables.transfer.parentEmpty' : !directions.fromSub ? 'reloadables.transfer.subEmpty' : null;
  return (
    <FormControl sx={{ mt: 1 }}>
      <FormLabel id="transfer-direction">{translate('reloadables.transfer.direction')}</FormLabel>
      <RadioGroup aria-labelledby="transfer-direction" aria-describedby={empty ? 'transfer-direction-help' : undefined} value={field.value} onChange={(event) => field.onChange(event.target.value)} onBlur={field.onBlur}>
        <FormControlLabel value="TO_SUB" disabled={!directions.toSub} control={<Radio />} label={translate('reloadables.transfer.toSub', { company: subName })} />
        <FormControlLabel value="FROM_SUB" disabled={!directions.fromSub} control={<Radio />} label={translate('reloadables.transfer.fromSub', { company: subName })} />
      </RadioGroup>
      {empty && (
        <Typography id="transfer-direction-help" variant="body2" color="text.secondary">
          {translate(empty, { company: subName })}
        </Typography>
      )}
    </FormControl>
  );
}

/**
 * Moves plafond between the parent and a sub-company (POST …/transfer): amount in euros, the
 * direction (not out of a wallet with nothing available: that could change nothing; with
 * nothing available on either side, no form), an optional note. The submit is enabled only when the form is changed and valid;
 * a refusal shows its text in the form (WALLET_INSUFFICIENT says by how much). One
 * Idempotency-Key per content, so a retry after a lost answer moves money once.
 */
export function TransferForm({ sub, parent, onDone }: { sub: Wallet; parent: Wallet | undefined; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [keyFor] = useState(createIdempotencyKeys);
  const [failure, setFailure] = useState<string | null>(null);
  // a new form after each transfer: empty and pristine again
  const [round, setRound] = useState(0);
  const resolver = useMemo(() => zodResolver(transferFormSchema) as unknown as Resolver<FieldValues>, []);
  const subCompanyId: Identifier = sub.companyId;
  const directions = directionsOf(parent, sub);
  const defaults = { ...EMPTY, direction: directions.toSub ? 'TO_SUB' : 'FROM_SUB' };
  const submit = useFormSubmit(
    useCallback(
      async ({ amount, direction, note }: TransferValues) => {
        const body = { amountCents: amount, direction, ...(note ? { note } : {}) };
        await dataProvider.transferWallet(subCompanyId, body, keyFor({ subCompanyId, ...body }));
        notify('reloadables.transfer.done', { type: 'success' });
        setRound((value) => value + 1);
        onDone();
      },
      [dataProvider, subCompanyId, keyFor, notify, onDone],
    ),
    'messages.unableToPerformAction',
    { onError: setFailure },
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby="transfer-title" sx={{ p: 2, mb: 3, maxWidth: 640 }}>
      <Typography variant="h6" component="h2" id="transfer-title">
        {translate('reloadables.transfer.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(directions.toSub || directions.fromSub ? 'reloadables.transfer.explain' : 'reloadables.transfer.nothing', { company: sub.companyName })}
      </Typography>
      {(directions.toSub || directions.fromSub) && (
        <Form key={`${round}-${defaults.direction}`} resolver={resolver} mode="all" defaultValues={defaults} onSubmit={submit} noValidate>
          <AmountField label={translate('reloadables.transfer.amount')} help="reloadables.transfer.amountHelp" maxCents={RELOAD_LIMITS.maxWalletMoveCents} exampleCents={RELOAD_AMOUNT_EXAMPLES.transferCents} autoFocus={false} />
          <DirectionField subName={sub.companyName} directions={directions} />
          <FormTextField name="note" label={translate('reloadables.transfer.note')} rule={walletNoteSchema} />
          <FormErrorAlert message={failure} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <SubmitButton fullWidth={false} size="medium">
              {translate('reloadables.transfer.submit')}
            </SubmitButton>
          </Box>
        </Form>
      )}
    </Paper>
  );
}
