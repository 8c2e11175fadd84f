import CreditCardIcon from '@mui/icons-material/CreditCard';
import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { LOGIN_PANEL_WIDTH } from '../../domain/constants';
import { APP_VERSION } from '../config/runtimeConfig';
import { EnvironmentLabel } from '../layout/EnvironmentLabel';
import { useDocumentTitle } from '../components/useDocumentTitle';

/**
 * The signed-out pages (login, forgot password, activation): a 480px side panel (SPEC §9) with
 * the form, the app version and the environment label; a brand area fills the rest.
 */
export function AuthPageLayout({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const translate = useTranslate();
  useDocumentTitle(title);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Paper component="main" square elevation={3} sx={{ width: { xs: '100%', md: LOGIN_PANEL_WIDTH }, flexShrink: 0, display: 'flex', flexDirection: 'column', px: { xs: 3, sm: 6 }, py: 5, zIndex: 1 }}>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 6 }}>
          <CreditCardIcon color="primary" sx={{ fontSize: 36 }} />
          <Typography variant="h5" fontWeight={700} color="primary">
            {translate('app.name')}
          </Typography>
          <EnvironmentLabel variant="page" />
        </Stack>
        <Typography variant="h4" component="h1" fontWeight={600} gutterBottom>
          {title}
        </Typography>
        {description && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {description}
          </Typography>
        )}
        <Box sx={{ flex: 1 }}>{children}</Box>
        <Typography variant="caption" color="text.secondary" sx={{ mt: 4 }} data-testid="app-version">
          {translate('app.version', { version: APP_VERSION })}
        </Typography>
      </Paper>
      <Box
        aria-hidden
        sx={{
          flex: 1,
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          color: 'primary.contrastText',
          background: 'linear-gradient(135deg, #c62828 0%, #8e0000 100%)',
        }}
      >
        <img src="/logo.svg" alt="" height={72} />
        <Typography variant="h6" sx={{ mt: 2, opacity: 0.9 }}>
          {translate('app.tagline')}
        </Typography>
      </Box>
    </Box>
  );
}
