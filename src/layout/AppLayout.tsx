import { Box } from '@mui/material';
import { Suspense, type ReactNode } from 'react';
import { useTesseraAuthProvider } from '../authProvider/useTesseraAuthProvider';
import { loadAreas } from '../i18n/i18n';
import { lazyWithReload } from '../components/lazyWithReload';
import { LoadingPage } from './LoadingPage';

// the signed-in shell (header, menu, company switcher) and the business areas' texts are
// downloaded once someone is signed in: the sign-in page does not carry them (issue 8: its
// JavaScript budget)
const Shell = lazyWithReload(async () => {
  const [shell] = await Promise.all([import('./Shell'), loadAreas()]);
  return shell;
});

/** The shell's code and texts fetched ahead, while a sign-in is being answered. */
export const preloadShell = () => Shell.preload();

/**
 * react-admin renders the catch-all (not found) inside the layout; a signed-out visitor gets it
 * without the shell, since there is no menu or user to show.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const signedIn = useTesseraAuthProvider().hasSession();
  if (!signedIn) {
    return (
      <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', pt: 6 }}>
        {children}
      </Box>
    );
  }
  return (
    <Suspense fallback={<LoadingPage />}>
      <Shell>{children}</Shell>
    </Suspense>
  );
}
