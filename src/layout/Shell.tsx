import { Box } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppHeader } from './AppHeader';
import { ErrorPage } from './ErrorPage';
import { LoadingPage } from './LoadingPage';
import { ShellMenuContext } from './ShellMenuContext';
import { SideMenu } from './SideMenu';
import { useKeyboardScrollableTables } from './useKeyboardScrollableTables';
import { useMenu } from './useMenu';

/**
 * Phones: the header keeps its buttons and drops the screen title (the page's h1 says it), and
 * the content never pushes the page wider than the screen (wide tables scroll in their own box).
 */
const PHONE_FRIENDLY = {
  '& #react-admin-title': { display: { xs: 'none', sm: 'block' } },
  // every header button stays on screen at 390px (logo, environment, company, language, user, logout)
  '& header .MuiToolbar-root': { gap: { xs: 0.5, sm: 1.5 }, px: { xs: 0.5, sm: 2 } },
  '& header .MuiToolbar-root > a img': { height: { xs: 18, sm: 30 } },
  '& header [data-testid="environment-label"]': { fontSize: { xs: 11, sm: 13 }, '& .MuiChip-label': { px: { xs: 0.75, sm: 1 } } },
  '& .RaLayout-content': { minWidth: 0 },
} as const;

function NoSidebar() {
  return null;
}

/** The signed-in shell: header, side menu from the registry and canAccess, error boundary. */
export default function Shell({ children }: { children: ReactNode }) {
  const { menu, sideNavHidden, isPending } = useMenu();
  const shellMenu = useMemo(() => ({ menu, sideNavHidden }), [menu, sideNavHidden]);
  useKeyboardScrollableTables();

  return (
    <ShellMenuContext.Provider value={shellMenu}>
      <Layout appBar={AppHeader} menu={SideMenu} sidebar={shellMenu.sideNavHidden ? NoSidebar : undefined} error={ErrorPage} sx={PHONE_FRIENDLY}>
        <Box sx={{ py: 2, px: { xs: 0, md: 1 } }}>{isPending ? <LoadingPage /> : children}</Box>
      </Layout>
    </ShellMenuContext.Provider>
  );
}

