import { Box, Grid } from '@mui/material';
import { useTranslate } from 'react-admin';
import { reloadableUserFilterSchema, type ReloadableUser } from '../../../../domain/reloadables';
import { reloadableUserFields } from '../../../../domain/schemas/reloadable-users';
import { FormTextField } from '../../../components/FormTextField';
import { ListFilterForm } from '../../../components/ListFilterForm';
import { PageHeading } from '../../../components/PageHeading';
import { SchemaCompactList, SchemaList, useEditLink } from '../../../components/schema';

export const USERS = 'reloadables/users';

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

/** /reloadables/users (SPEC §2): the cardholders (domain/schemas/reloadable-users.ts), with search; each name links to the holder's page. */
export default function UserList() {
  const translate = useTranslate();
  const link = useEditLink(USERS);
  return (
    <Box sx={{ maxWidth: 1400 }}>
      <PageHeading title={translate('screens.reloadableUsers')} />
      <SchemaList
        fields={reloadableUserFields}
        filters={<UserSearch />}
        count
        countMore
        render={{ lastName: (user) => userName(user as ReloadableUser) }}
        compact={<SchemaCompactList fields={reloadableUserFields} link={link} primaryText={(user) => userName(user as ReloadableUser)} tertiaryText={(user) => translate('reloadables.users.cards', { smart_count: user.cardCount })} empty={null} />}
        disableSyncWithLocation={false}
      />
    </Box>
  );
}
