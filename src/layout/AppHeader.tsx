import { AppBar, Box, Toolbar } from '@mui/material';
import { memo } from 'react';
import { SidebarToggleButton, TitlePortal } from 'react-admin';
import { BrandLogo } from './BrandLogo';
import { CompanySwitcher } from './CompanySwitcher';
import { EnvironmentLabel } from './EnvironmentLabel';
import { LanguageMenu } from './LanguageMenu';
import { LogoutButton } from './LogoutButton';
import { useShellMenu } from './ShellMenuContext';
import { UserMenuButton } from './UserMenuButton';

/**
 * Memoised: react-admin's layout renders again on every navigation and answer above it, and the
 * header's parts read what they show from their own contexts and queries.
 */
export const AppHeader = memo(function AppHeader() {
  const { sideNavHidden } = useShellMenu();
  return (
    <AppBar position="fixed" color="primary" elevation={1}>
      <Toolbar variant="dense" sx={{ gap: 1.5 }}>
        {!sideNavHidden && <SidebarToggleButton />}
        <BrandLogo height={30} />
        <EnvironmentLabel />
        <Box sx={{ flex: 1, minWidth: 0, ml: 2, '& #react-admin-title': { fontSize: '1rem' } }}>
          <TitlePortal variant="subtitle1" />
        </Box>
        <CompanySwitcher />
        <LanguageMenu />
        <UserMenuButton />
        <LogoutButton />
      </Toolbar>
    </AppBar>
  );
});
