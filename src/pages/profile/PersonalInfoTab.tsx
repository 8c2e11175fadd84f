import { Alert, Box, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { profileFields, type ProfileBody } from '../../../domain/schemas/users';
import { useRef } from 'react';
import { FormBlockers, SchemaForm, SchemaInputs } from '../../components/schema';
import { useFocusAfterAction } from '../../components/useFocusAfterAction';
import { useFormSubmit } from '../../components/useFormSubmit';
import { LoadingPage } from '../../layout/LoadingPage';
import { useTesseraAuthProvider } from '../../authProvider/useTesseraAuthProvider';
import { useUserConfiguration } from '../../authProvider/useUserConfiguration';

/**
 * The user's own data (SPEC §3 profile, §5 messages), editable by every signed-in user. A new
 * e-mail waits for the link sent to it: the note says so, and sign-in keeps the current one.
 * The company and the role are shown, not edited. Each field states its limit under it before any
 * input (the declared `helper`), a blocked Save names the invalid fields (`FormBlockers`), and
 * once saved focus stays on the page: Save is greyed out again, so it goes to the page heading
 * (`useFocusAfterAction`, issue 43).
 */
export function PersonalInfoTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const authProvider = useTesseraAuthProvider();
  const { data, isPending, error } = useUserConfiguration();
  const root = useRef<HTMLDivElement>(null);
  const { acted, settle } = useFocusAfterAction<'save'>(root, { controls: 'button[type="submit"]', shown: data != null });
  const submit = useFormSubmit<ProfileBody>(async (values) => {
    acted('save');
    const configuration = await authProvider.updateProfile(values);
    queryClient.setQueryData(['auth', 'userConfiguration'], configuration);
    notify('success.profileUpdated', { type: 'success' });
    settle();
  });
  if (isPending) return <LoadingPage />;
  if (error || !data) return <Alert severity="error">{error?.message ?? translate('errors.unknown')}</Alert>;

  const { user, company } = data;
  const record = { ...user };
  return (
    <Box ref={root}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 1, m: 0, mb: 2 }}>
        {(
          [
            ['company', company.name],
            ['role', user.role ? translate(`profile.roles.${user.role}`, { _: user.role }) : ''],
          ] as const
        ).map(([key, value]) => (
          <Box key={key} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(`profile.fields.${key}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={`profile-${key}`}>
              {value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
      {user.pendingEmail && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="profile-pending-email">
          {translate('profile.pendingEmail', { email: user.pendingEmail })}
        </Alert>
      )}
      <SchemaForm
        key={`${user.email} ${user.pendingEmail ?? ''}`}
        fields={profileFields}
        record={record}
        onSubmit={submit}
        actions={
          <Button component={Link} to="/password" variant="outlined">
            {translate('profile.changePassword')}
          </Button>
        }
      >
        <SchemaInputs fields={profileFields} />
        <FormBlockers fields={profileFields} />
      </SchemaForm>
    </Box>
  );
}
