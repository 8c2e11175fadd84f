import { Box, Divider, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SelectInput, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { USER_ROLES } from '../../../domain/roles';
import { userFields, type UserRecord } from '../../../domain/schemas/users';
import { FormBlockers, SchemaForm, SchemaInputs } from '../../components/schema';
import { useUserConfiguration } from '../../authProvider/useUserConfiguration';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { PermissionChecklistInput } from './PermissionChecklist';

/** What the caller may hand out (GET users/grantable). */
export function useGrantable() {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  return useQuery({ queryKey: ['users', 'grantable'], queryFn: ({ signal }) => dataProvider.grantableUserRights(signal) });
}

/**
 * The user form (create and detail): the declared data fields, then the role (roles above the
 * caller's disabled) and the permission checklist (flags the caller lacks disabled). On the
 * caller's own account both are locked: the server refuses them (OWN_PERMISSIONS).
 */
export function UserForm({ above }: { above?: ReactNode }) {
  const translate = useTranslate();
  const record = useRecordContext<UserRecord>();
  const grantable = useGrantable();
  const me = useUserConfiguration();
  const own = record?.id != null && record.id === me.data?.user.id;
  const roles = grantable.data?.roles ?? [];
  const permissions = grantable.data?.permissions ?? [];
  const overrides = record?.id != null ? { companyId: <></> } : undefined;
  const roleChoices = USER_ROLES.map((id) => ({ id, name: `users.roles.${id}`, disabled: !(roles as string[]).includes(id) && record?.role !== id }));
  return (
    <SchemaForm fields={userFields} defaultValues={{ permissions: [] }}>
      {above}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('users.sections.data')}
      </Typography>
      {/* the company is chosen at creation; the detail names it in its header */}
      <SchemaInputs fields={userFields} group="data" overrides={overrides} />
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('users.sections.rights')}
      </Typography>
      {/* said once for both, in the page's text colour: a greyed helper under a locked input reads
          as disabled too, and was too faint to read (axe color-contrast) */}
      {own && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="own-rights-hint">
          {translate('users.ownRightsHint')}
        </Typography>
      )}
      <Box sx={{ maxWidth: 360 }}>
        <SelectInput source="role" label="users.fields.role" choices={roleChoices} readOnly={own} isRequired fullWidth />
      </Box>
      <PermissionChecklistInput grantable={permissions} locked={own} />
      <FormBlockers fields={userFields} />
    </SchemaForm>
  );
}
