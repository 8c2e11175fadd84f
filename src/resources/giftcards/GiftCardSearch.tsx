import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { CanAccess, Form, RecordContextProvider, useCreatePath, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { cardCodeSearchSchema, normalizeCardCode, type GiftCard } from '../../../domain/giftcards';
import { FormTextField } from '../../components/FormTextField';
import { SubmitButton } from '../../components/SubmitButton';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { errorMessage, HttpError, isCancelledError } from '../../dataProvider/httpError';
import { PageHeading } from '../../components/PageHeading';
import { GiftCardDetails } from './GiftCardDetails';

type Outcome = { kind: 'found'; card: GiftCard } | { kind: 'notFound' } | { kind: 'error'; message: string } | null;

const resolver = zodResolver(cardCodeSearchSchema);
const EMPTY = { code: '' };

/** The found card's page, for users who may open it ('show' on the cards). */
function OpenDetailButton() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const card = useRecordContext<GiftCard>();
  if (!card) return null;
  return (
    <CanAccess resource="privative/giftcards" action="show">
      <Button variant="contained" component={Link} to={createPath({ resource: 'privative/giftcards', type: 'edit', id: card.id })}>
        {translate('giftcards.search.openDetail')}
      </Button>
    </CanAccess>
  );
}

/**
 * /privative/giftcards-search (management.searchByCode): one exact code. The API answers the
 * same 404 for a code that does not exist and for one outside the caller's scope, and so does
 * this screen, which shows that answer in place (not as a notification).
 */
export default function GiftCardSearch() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const search = useCallback(
    async (values: Record<string, unknown>) => {
      try {
        setOutcome({ kind: 'found', card: await dataProvider.searchGiftCardByCode(normalizeCardCode(String(values.code))) });
      } catch (error) {
        if (isCancelledError(error)) return;
        setOutcome(error instanceof HttpError && error.status === 404 ? { kind: 'notFound' } : { kind: 'error', message: errorMessage(error) });
      }
    },
    [dataProvider],
  );

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageHeading title={translate('screens.giftcardSearch')} />
      <Paper variant="outlined" sx={{ p: 3, mb: 2, maxWidth: 640 }}>
        <Typography color="text.secondary">{translate('giftcards.search.intro')}</Typography>
        <Box role="search">
          <Form resolver={resolver} mode="all" defaultValues={EMPTY} onSubmit={search} noValidate>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <FormTextField name="code" rule={cardCodeSearchSchema.shape.code} label={translate('giftcards.search.code')} autoComplete="off" slotProps={{ htmlInput: { spellCheck: false } }} required />
              <SubmitButton fullWidth={false} sx={{ mt: 2.5, flexShrink: 0 }}>
                {translate('giftcards.search.submit')}
              </SubmitButton>
            </Box>
          </Form>
        </Box>
      </Paper>
      {outcome?.kind === 'notFound' && <Alert severity="info">{translate('giftcards.search.notFound')}</Alert>}
      {outcome?.kind === 'error' && <Alert severity="error">{outcome.message}</Alert>}
      {outcome?.kind === 'found' && (
        <RecordContextProvider value={outcome.card}>
          <GiftCardDetails actions={<OpenDetailButton />} />
        </RecordContextProvider>
      )}
    </Box>
  );
}
