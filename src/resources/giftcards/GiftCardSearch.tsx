import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, usePermissions, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { cardCodeSearchSchema, normalizeCardCode, type GiftCard } from '../../../domain/giftcards';
import { hasPermission, type Permissions } from '../../../domain/permissions';
import { FormTextField } from '../../components/FormTextField';
import { SubmitButton } from '../../components/SubmitButton';
import type { TesseraDataProvider } from '../../dataProvider/dataProvider';
import { errorMessage, HttpError, isCancelledError } from '../../dataProvider/httpError';
import { PageHeading } from '../../pages/PageHeading';
import { GiftCardDetails } from './GiftCardDetails';
import { giftCardPath } from './giftCardPaths';

type Outcome = { kind: 'found'; card: GiftCard } | { kind: 'notFound' } | { kind: 'error'; message: string } | null;

/**
 * /privative/giftcards-search (management.searchByCode): one exact code. The API answers the
 * same 404 for a code that does not exist and for one outside the caller's scope, and so does
 * this screen.
 */
export default function GiftCardSearch() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { permissions } = usePermissions<Permissions>();
  const form = useForm<{ code: string }>({ resolver: zodResolver(cardCodeSearchSchema), mode: 'onChange', defaultValues: { code: '' } });
  const [outcome, setOutcome] = useState<Outcome>(null);

  const search = async ({ code }: { code: string }) => {
    try {
      setOutcome({ kind: 'found', card: await dataProvider.searchGiftCardByCode(normalizeCardCode(code)) });
    } catch (error) {
      if (isCancelledError(error)) return;
      setOutcome(error instanceof HttpError && error.status === 404 ? { kind: 'notFound' } : { kind: 'error', message: errorMessage(error) });
    }
  };

  const canOpenDetail = hasPermission(permissions, 'privative.management.read');
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageHeading title={translate('screens.giftcardSearch')} />
      <Paper variant="outlined" sx={{ p: 3, mb: 2, maxWidth: 640 }}>
        <Typography color="text.secondary">{translate('giftcards.search.intro')}</Typography>
        <FormProvider {...form}>
          <Box component="form" role="search" noValidate onSubmit={form.handleSubmit(search)} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <FormTextField name="code" label={translate('giftcards.search.code')} autoComplete="off" slotProps={{ htmlInput: { spellCheck: false } }} required />
            <SubmitButton fullWidth={false} sx={{ mt: 2.5, flexShrink: 0 }}>
              {translate('giftcards.search.submit')}
            </SubmitButton>
          </Box>
        </FormProvider>
      </Paper>
      {outcome?.kind === 'notFound' && <Alert severity="info">{translate('giftcards.search.notFound')}</Alert>}
      {outcome?.kind === 'error' && <Alert severity="error">{outcome.message}</Alert>}
      {outcome?.kind === 'found' && (
        <GiftCardDetails
          card={outcome.card}
          actions={
            canOpenDetail && (
              <Button variant="contained" component={Link} to={giftCardPath(outcome.card.id)}>
                {translate('giftcards.search.openDetail')}
              </Button>
            )
          }
        />
      )}
    </Box>
  );
}
