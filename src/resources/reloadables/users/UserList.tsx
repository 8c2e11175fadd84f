import { Box, Card, Grid, Link as MuiLink, List, ListItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, InfiniteListBase, RecordContextProvider, useCreatePath, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { reloadableUserFilterSchema, type ReloadableUser } from '../../../../domain/reloadables';
import { useFormatNumber } from '../../../components/formatMoney';
import { FormTextField } from '../../../components/FormTextField';
import { ListFilterForm } from '../../../components/ListFilterForm';
import { ListLoadError } from '../../../components/ListLoadError';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { SCROLLABLE_TABLE_SX } from '../../../components/scrollableTable';
import { PageHeading } from '../../../components/PageHeading';
import { ListCount } from '../shared/ListCount';

export const USERS = 'reloadables/users';
const PAGE_SIZE = 25;

export const userName = (user: Pick<ReloadableUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

const toApiFilter = (values: { q: string }): { q?: string } => (values.q.trim() ? { q: values.q.trim() } : {});
const fromApiFilter = (filter: { q?: string }) => ({ q: filter.q ?? '' });

function UserSearch() {
  const translate = useTranslate();
  return (
    <ListFilterForm labels="reloadables.userFilters" schema={reloadableUserFilterSchema} empty={{ q: '' }} toApiFilter={toApiFilter} fromApiFilter={fromApiFilter}>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField name="q" rule={reloadableUserFilterSchema.shape.q} label={translate('reloadables.userFilters.q')} helperText={translate('reloadables.userFilters.qHelp')} size="small" />
      </Grid>
    </ListFilterForm>
  );
}

/** The holder's name as the link to their page. */
function UserLink() {
  const createPath = useCreatePath();
  const user = useRecordContext<ReloadableUser>();
  if (!user) return null;
  return (
    <MuiLink component={Link} to={createPath({ resource: USERS, type: 'edit', id: user.id })}>
      {userName(user)}
    </MuiLink>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('reloadables.users.empty')}
    </Typography>
  );
}

function CompactUsers() {
  const translate = useTranslate();
  const { data } = useListContext<ReloadableUser>();
  if (!data?.length) return <Empty />;
  return (
    <List disablePadding aria-label={translate('screens.reloadableUsers')}>
      {data.map((user) => (
        <RecordContextProvider key={user.id} value={user}>
          <ListItem divider sx={{ display: 'block', py: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <UserLink />
              <Typography component="span" variant="body2" sx={{ ml: 'auto' }}>
                {translate('reloadables.users.cards', { smart_count: user.cardCount })}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[user.email, user.phone, user.clientId].filter(Boolean).join(' · ')}
            </Typography>
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
}

function Rows() {
  const translate = useTranslate();
  const formatNumber = useFormatNumber();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { error, data } = useListContext<ReloadableUser>();
  if (error && !data?.length) return <ListLoadError />;
  if (phone) return <Card variant="outlined">{<CompactUsers />}</Card>;
  const label = (key: string) => translate(`reloadables.userFields.${key}`);
  return (
    <Card variant="outlined">
      <DataTable<ReloadableUser> bulkActionButtons={false} rowClick={false} empty={<Empty />} sx={SCROLLABLE_TABLE_SX}>
        <DataTable.Col source="lastName" label={label('name')} disableSort field={UserLink} />
        <DataTable.Col source="email" label={label('email')} disableSort />
        <DataTable.Col source="phone" label={label('phone')} disableSort />
        <DataTable.Col source="clientId" label={label('clientId')} disableSort />
        <DataTable.Col source="cardCount" label={label('cardCount')} disableSort align="right" render={(user) => formatNumber(user.cardCount)} />
      </DataTable>
    </Card>
  );
}

/** /reloadables/users (SPEC §2): the cardholders, with search; each name links to the holder's page. */
export default function UserList() {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 1400 }}>
      <PageHeading title={translate('screens.reloadableUsers')} />
      <InfiniteListBase<ReloadableUser> resource={USERS} perPage={PAGE_SIZE} sort={{ field: 'lastName', order: 'ASC' }} queryOptions={{ onError: () => undefined }}>
        <UserSearch />
        <Box sx={{ mb: 1 }}>
          <ListCount keys="reloadables.users" />
        </Box>
        <Rows />
        <LoadMoreButton label={translate('reloadables.users.loadMore')} />
      </InfiniteListBase>
    </Box>
  );
}
