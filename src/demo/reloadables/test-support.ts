import type { ReloadableCard } from '../../../domain/reloadables';
import { storeViewedCompany } from '../../authProvider/session';
import { DEMO_PASSWORD } from '../data';
import { freshDemo } from '../testSupport';

/** A fresh demo signed in as one of the programme's accounts (tests of src/demo/reloadables). */
export async function reloadableDemo(email = 'operator@acme-nord.test') {
  storeViewedCompany(null);
  const demo = freshDemo();
  await demo.authProvider.login({ email, password: DEMO_PASSWORD });
  const dp = demo.dataProvider;
  const companyId = (code: string) => demo.db.companies.find((c) => c.code === code)!.id;
  /** a card by its full number, through the list's `q` (number prefix) */
  const card = async (number: string) => (await dp.getList<ReloadableCard>('reloadables/cards', { pagination: { page: 1, perPage: 5 }, sort: { field: 'number', order: 'ASC' }, filter: { q: number } })).data[0];
  const switchTo = async (email: string) => {
    await demo.authProvider.logout({});
    await demo.authProvider.login({ email, password: DEMO_PASSWORD });
  };
  const view = (code: string) => storeViewedCompany({ id: companyId(code), name: code });
  return { ...demo, dp, companyId, card, switchTo, view };
}

/** The problem a call was refused with: status, code, text, field errors, params. */
export async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as { status: number; message: string; body: { error?: { message: string }; errors?: Record<string, string>; params?: Record<string, unknown> } };
    return { status: e.status, code: e.body?.error?.message, message: e.message, errors: e.body?.errors, params: e.body?.params };
  }
  throw new Error('expected a refusal');
}

/** A blob's text (jsdom's Blob has no text()). */
export const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

/** A first page in the list's own default order (each list has its sort whitelist, as the API's). */
export const LIST = { pagination: { page: 1, perPage: 100 }, filter: {} };

let n = 0;
export const key = () => `reload-key-${++n}`;
