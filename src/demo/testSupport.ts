import { createDemoDb } from './data';
import { createContext } from './context';
import { createDemoAuthProvider } from './authProvider';
import { createDemoDataProvider } from './dataProvider';

/** A fresh demo (data, providers) for a test; sign in with `auth.login`. */
export function freshDemo(maxTransactionCents = 100_000) {
  localStorage.clear();
  const db = createDemoDb();
  const dataProvider = createDemoDataProvider(createContext(db, maxTransactionCents));
  const authProvider = createDemoAuthProvider(db);
  return { db, dataProvider, authProvider };
}
