import { AppBar, Box, Toolbar } from '@mui/material';
import { SidebarToggleButton, TitlePortal } from 'react-admin';
import { BrandLogo } from './BrandLogo';
import { CompanySwitcher } from './CompanySwitcher';
import { EnvironmentLabel } from './EnvironmentLabel';
import { LanguageMenu } from './LanguageMenu';
import { LogoutButton } from './LogoutButton';
import { useShellMenu } from './ShellMenuContext';
import { UserMenuButton } from './UserMenuButton';

export function AppHeader() {
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
}
