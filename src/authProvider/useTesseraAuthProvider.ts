import { useAuthProvider } from 'react-admin';
import type { TesseraAuthProvider } from '../dataProvider/types';

/** The authProvider with the account calls of SPEC §7 and the session check (the one road to the session). */
export function useTesseraAuthProvider(): TesseraAuthProvider {
  const authProvider = useAuthProvider<TesseraAuthProvider>();
  if (!authProvider) throw new Error('Tessera screens need the app authProvider');
  return authProvider;
}
