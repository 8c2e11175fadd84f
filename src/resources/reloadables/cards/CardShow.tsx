import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Grid, Link as MuiLink, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Loading, ShowBase, useCreatePath, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { ReloadableCard } from '../../../../domain/reloadables';
import { useFormatCents } from '../../../components/MoneyField';
import { formatDate, formatDateTime } from '../../../i18n/dates';
import { PageHeading } from '../../../components/PageHeading';
import { ReloadableCardStatusBadge } from '../shared/ReloadableCardStatusBadge';
import { CardActionButtons } from './CardActions';
import { CardHistory } from './CardHistory';
import { CARDS } from './useCardActions';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Grid>
  );
}

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
      <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
        <Detail label={label('balance')}>
          <Typography component="span" variant="h6" data-testid="card-balance">
            {formatCents(card.balanceCents)}
          </Typography>
        </Detail>
        <Detail label={label('monthReloaded')}>{formatCents(card.monthReloadedCents)}</Detail>
        <Detail label={label('yearReloaded')}>{formatCents(card.yearReloadedCents)}</Detail>
        <Detail label={label('customerName')}>
          <Holder card={card} />
        </Detail>
        <Detail label={label('clientId')}>{card.clientId}</Detail>
        <Detail label={label('company')}>{card.companyName}</Detail>
        <Detail label={label('activationDate')}>{formatDateTime(card.activationDate)}</Detail>
        <Detail label={label('expirationDate')}>{formatDate(card.expirationDate)}</Detail>
        <Detail label={label('lastReloadAt')}>{formatDateTime(card.lastReloadAt)}</Detail>
      </Grid>
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
  const createPath = useCreatePath();
  const { id = '' } = useParams<{ id: string }>();
  // the same query as ShowBase's (react-query shares it): the title names the card once it is in
  const { data: card } = useGetOne<ReloadableCard>(CARDS, { id });
  const title = translate('screens.reloadableCardDetail');
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Button component={Link} to={createPath({ resource: CARDS, type: 'list' })} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('reloadables.cards.back')}
      </Button>
      <PageHeading title={card ? `${title} ${card.number}` : title} />
      <ShowBase<ReloadableCard> resource={CARDS} loading={<Loading />}>
        <CardDetails />
        <History />
      </ShowBase>
    </Box>
  );
}
