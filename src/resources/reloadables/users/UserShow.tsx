import { Box, Card, CircularProgress, List, ListItem, Paper, Typography } from '@mui/material';
import { Loading, RecordContextProvider, ShowBase, useRecordContext, useTranslate } from 'react-admin';
import type { ReloadableUserDetail } from '../../../../domain/reloadables';
import { useFormatCents } from '../../../components/MoneyField';
import { formatDate, formatDateTime } from '../../../i18n/dates';
import { PageHeading } from '../../../components/PageHeading';
import { BackLink } from '../../../components/schema';
import { RecordDetails } from '../shared/RecordDetails';
import { CardNumberLink } from '../cards/CardNumberLink';
import { ReloadableCardStatusBadge } from '../shared/ReloadableCardStatusBadge';
import { USERS, userName } from './UserList';

/**
 * The holder's cards: number (link to the card's page), status, balance, expiry. Coming from the
 * list, react-admin shows the list's row (without `cards`) until the holder's detail is in.
 */
function HolderCards({ user }: { user: ReloadableUserDetail }) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  if (!user.cards) return <CircularProgress size={24} sx={{ mt: 3 }} aria-label={translate('reloadables.users.loadingCards')} />;
  return (
    <Box component="section" aria-labelledby="holder-cards-title" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id="holder-cards-title" sx={{ mb: 1 }}>
        {translate('reloadables.users.cardsTitle', { smart_count: user.cards.length })}
      </Typography>
      <Card variant="outlined">
        {user.cards.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {translate('reloadables.users.noCards')}
          </Typography>
        ) : (
          <List disablePadding aria-labelledby="holder-cards-title">
            {user.cards.map((card) => (
              <RecordContextProvider key={card.id} value={card}>
                <ListItem divider sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                  <CardNumberLink />
                  <ReloadableCardStatusBadge />
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {[card.clientId, card.companyName, card.expirationDate ? `${translate('reloadables.cardFields.expirationDate')} ${formatDate(card.expirationDate)}` : null].filter(Boolean).join(' · ')}
                  </Typography>
                  <Typography component="span" sx={{ ml: 'auto', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                    {formatCents(card.balanceCents)}
                  </Typography>
                </ListItem>
              </RecordContextProvider>
            ))}
          </List>
        )}
      </Card>
    </Box>
  );
}

function UserDetails() {
  const translate = useTranslate();
  const user = useRecordContext<ReloadableUserDetail>();
  if (!user) return null;
  const label = (key: string) => translate(`reloadables.userFields.${key}`);
  return (
    <>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {userName(user)}
        </Typography>
        <RecordDetails
          items={[
            [label('email'), user.email],
            [label('phone'), user.phone],
            [label('clientId'), user.clientId],
            [label('createdAt'), formatDateTime(user.createdAt)],
          ]}
        />
      </Paper>
      <HolderCards user={user} />
    </>
  );
}

/** /reloadables/users/{id}: the holder's data and their cards (each linking to the card's page). */
export default function UserShow() {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <BackLink resource={USERS} label="reloadables.users.back" />
      <PageHeading title={translate('screens.reloadableUserDetail')} />
      <ShowBase<ReloadableUserDetail> resource={USERS} loading={<Loading />}>
        <UserDetails />
      </ShowBase>
    </Box>
  );
}
