import { Alert, Box, Button, Grid, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { LoadingPage } from '../../layout/LoadingPage';
import { useUserConfiguration } from './useUserConfiguration';

/** The user's data as the server knows it; editing comes with the profile issue. */
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
    ['role', user.role],
  ];
  return (
    <Box>
      <Grid container spacing={2}>
        {fields.map(([key, value]) => (
          <Grid key={key} size={{ xs: 12, sm: 6 }}>
            <TextField label={translate(`profile.fields.${key}`)} value={value || '—'} fullWidth slotProps={{ input: { readOnly: true } }} />
          </Grid>
        ))}
      </Grid>
      <Button component={Link} to="/password" variant="outlined" sx={{ mt: 3 }}>
        {translate('profile.changePassword')}
      </Button>
    </Box>
  );
}
