import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { LoadingPage } from '../../layout/LoadingPage';
import { useUserConfiguration } from '../../authProvider/useUserConfiguration';

/**
 * The user's data as the server knows it, as text (a description list: nothing here is editable
 * yet; editing comes with the profile issue). The role is translated.
 */
export function PersonalInfoTab() {
  const translate = useTranslate();
  const { data, isPending, error } = useUserConfiguration();
  if (isPending) return <LoadingPage />;
  if (error || !data) return <Alert severity="error">{error?.message ?? translate('errors.unknown')}</Alert>;

  const { user, company } = data;
  const phone = [user.phoneCountry, user.phone].filter(Boolean).join(' ');
  const fields: [string, string][] = [
    ['firstName', user.firstName],
    ['lastName', user.lastName],
    ['email', user.email],
    ['phone', phone],
    ['company', company.name],
    ['role', user.role ? translate(`profile.roles.${user.role}`, { _: user.role }) : ''],
  ];
  return (
    <Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 2, m: 0 }}>
        {fields.map(([key, value]) => (
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
      <Button component={Link} to="/password" variant="outlined" sx={{ mt: 3 }}>
        {translate('profile.changePassword')}
      </Button>
    </Box>
  );
}
