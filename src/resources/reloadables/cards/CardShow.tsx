import { Box, Link as MuiLink, Paper, Typography } from '@mui/material';
import { Loading, ShowBase, useCreatePath, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { ReloadableCard } from '../../../../domain/reloadables';
import { useFormatCents } from '../../../components/MoneyField';
import { formatDate, formatDateTime } from '../../../i18n/dates';
import { PageHeading } from '../../../components/PageHeading';
import { BackLink } from '../../../components/schema';
import { RecordDetails } from '../shared/RecordDetails';
import { ReloadableCardStatusBadge } from '../shared/ReloadableCardStatusBadge';
import { CardActionButtons } from './CardActions';
import { CardHistory } from './CardHistory';
import { CARDS } from './useCardActions';

/** The holder's name, linking to the holder's page when there is one. */
function Holder({ card }: { card: ReloadableCard }) {
  const createPath = useCreatePath();
  if (!card.customerName) return null;
  if (!card.userId) return <>{card.customerName}</>;
  return (
    <MuiLink component={Link} to={createPath({ resource: 'reloadables/users', type: 'edit', id: card.userId })}>
      {card.customerName}
    </MuiLink>
  );
}

/** SPEC §3 reloadable card fields, with the balance first and the actions beside the number. */
function CardDetails() {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const card = useRecordContext<ReloadableCard>();
  if (!card) return null;
  const label = (key: string) => translate(`reloadables.cardFields.${key}`);
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace', letterSpacing: 1, overflowWrap: 'anywhere' }}>
          {card.number}
        </Typography>
        <ReloadableCardStatusBadge status={card.status} />
        <Box sx={{ flexGrow: 1 }} />
        <CardActionButtons />
      </Box>
      <RecordDetails
        items={[
          [
            label('balance'),
            <Typography key="balance" component="span" variant="h6" data-testid="card-balance">
              {formatCents(card.balanceCents)}
            </Typography>,
          ],
          [label('monthReloaded'), formatCents(card.monthReloadedCents)],
          [label('yearReloaded'), formatCents(card.yearReloadedCents)],
          [label('customerName'), <Holder key="holder" card={card} />],
          [label('clientId'), card.clientId],
          [label('company'), card.companyName],
          [label('activationDate'), formatDateTime(card.activationDate)],
          [label('expirationDate'), formatDate(card.expirationDate)],
          [label('lastReloadAt'), formatDateTime(card.lastReloadAt)],
        ]}
      />
    </Paper>
  );
}

function History() {
  const card = useRecordContext<ReloadableCard>();
  return card ? <CardHistory cardId={String(card.id)} /> : null;
}

/**
 * /reloadables/cards/{id}: the card (SPEC §3 fields), its actions (as the list's, when they would
 * succeed and the user may) and its history. ShowBase reads the id, checks 'show' and loads it.
 */
export default function CardShow() {
  const translate = useTranslate();
  const { id = '' } = useParams<{ id: string }>();
  // the same query as ShowBase's (react-query shares it): the title names the card once it is in
  const { data: card } = useGetOne<ReloadableCard>(CARDS, { id });
  const title = translate('screens.reloadableCardDetail');
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <BackLink resource={CARDS} label="reloadables.cards.back" />
      <PageHeading title={card ? `${title} ${card.number}` : title} />
      <ShowBase<ReloadableCard> resource={CARDS} loading={<Loading />}>
        <CardDetails />
        <History />
      </ShowBase>
    </Box>
  );
}
