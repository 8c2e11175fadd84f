import { render, screen, waitFor } from '@testing-library/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ReactElement } from 'react';
import { AdminContext, Form, memoryStore, type DataProvider, type GetListParams } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccess } from '../../domain/access';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../domain/demoAccounts';
import type { FieldSpec, ResolvedInputField } from '../../domain/fields';
import { createQueryClient } from '../dataProvider/queryClient';
import { createAuthProvider } from '../authProvider/authProvider';
import { createDataProvider } from '../dataProvider/dataProvider';
import { createHttpClient } from '../dataProvider/httpClient';
import { startTestApiHost, type TestApiHost } from '../test/apiHost';
import { createI18nProvider } from '../i18n/i18nProvider';
import { DECLARED_REFERENCES, type DeclaredReference } from '../test/declarations';
import { referenceChoicesParams } from './referenceChoices';
import { SchemaFilterInput, SchemaInput } from './schema/SchemaInput';
import { ReferenceAutocompleteInput } from './ReferenceAutocompleteInput';
import { STORE_REFERENCE } from '../../domain/schemas/stores-api';
import { TYPOLOGY_REFERENCE } from '../../domain/schemas/order';

/**
 * Every declared reference (src/test/declarations.ts walks domain/) rendered by the component
 * that shows it — a schema filter, a schema form input, the store picker — on the real providers
 * answered by the product's API in-process (src/test/apiHost.ts, as in the demo): the list request it really makes is `referenceChoicesParams` (the request
 * server/reference-choices.test.ts sends to the real API), its choices load without an error, and
 * an account that may not list the referenced resource gets no input and sends no request.
 */
const HAND_WRITTEN: Record<string, ReactElement> = {
  'domain/schemas/stores-api.ts#STORE_REFERENCE': <ReferenceAutocompleteInput source="storeId" label="Store" reference={STORE_REFERENCE} />,
  'domain/schemas/order.ts#TYPOLOGY_REFERENCE': <ReferenceAutocompleteInput source="typologyId" label="Typology" reference={TYPOLOGY_REFERENCE} />,
};

/** The components that show a declared reference (the field's own, or the hand-written one). */
function renderings(declared: DeclaredReference): Array<[string, ReactElement]> {
  if (!declared.field) return [['hand-written', HAND_WRITTEN[declared.name]]];
  const field = declared.field;
  const input = declared.set?.inputs.find((candidate) => candidate.source === field.source);
  return [
    ...(field.filter ? ([['filter', <SchemaFilterInput key="filter" field={field as FieldSpec} />]] as Array<[string, ReactElement]>) : []),
    ...(input ? ([['form input', <SchemaInput key="input" field={input as ResolvedInputField} />]] as Array<[string, ReactElement]>) : []),
  ];
}

let api: TestApiHost;
beforeAll(async () => {
  api = await startTestApiHost();
}, 60_000);
afterAll(() => api?.close());

async function renderAs(email: string, ui: ReactElement) {
  const http = createHttpClient({ fetch: api.fetch, onSessionEnd: () => undefined });
  const authProvider = createAuthProvider(http);
  const real = createDataProvider(http);
  await authProvider.login({ email, password: DEMO_PASSWORD });
  const calls: Array<{ resource: string; params: GetListParams; outcome: Promise<unknown> }> = [];
  const dataProvider: DataProvider = {
    ...real,
    getList: (resource, params) => {
      const outcome = real.getList(resource, params);
      calls.push({ resource, params, outcome: outcome.then(() => 'ok', (error: { status?: number }) => error.status) });
      return outcome;
    },
  };
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={await createI18nProvider()} queryClient={createQueryClient()} store={memoryStore()}>
        <Form>{ui}</Form>
      </AdminContext>
    </MemoryRouter>,
  );
  return calls;
}

const ADMIN = 'admin@tessera.test';
const cases = DECLARED_REFERENCES.flatMap((declared) => renderings(declared).map(([how, ui]) => [declared.name, how, declared, ui] as const));

describe('reference inputs', () => {
  it('every declared reference has a component that shows it', () => {
    for (const declared of DECLARED_REFERENCES) {
      const shown = renderings(declared);
      expect(shown.length, declared.name).toBeGreaterThan(0);
      for (const [, ui] of shown) expect(ui, `${declared.name}: add its component to HAND_WRITTEN`).toBeDefined();
    }
  });

  it.each(cases)('%s (%s) asks for the choices the API accepts, and they load', async (_name, _how, { reference }, ui) => {
    const calls = await renderAs(ADMIN, ui);
    await waitFor(() => expect(calls.filter((c) => c.resource === reference.resource).length).toBeGreaterThan(0));
    const [first] = calls.filter((c) => c.resource === reference.resource);
    const expected = referenceChoicesParams(reference);
    expect({ pagination: first.params.pagination, sort: first.params.sort, filter: first.params.filter }).toEqual(expected);
    expect(await first.outcome).toBe('ok');
    // no red field ("Some data is not valid"): the input shows no error
    expect(screen.queryByText(/not valid/i)).not.toBeInTheDocument();
  });

  it.each(cases)('%s (%s) is not shown to an account that may not list its choices', async (_name, _how, { reference }, ui) => {
    const refused = DEMO_ACCOUNTS.find((a) => a.status === 'ACTIVE' && Object.keys(a.permissions).length > 0 && !canAccess(a.permissions, reference.resource, 'list'));
    if (!refused) return expect(DEMO_ACCOUNTS.every((a) => canAccess(a.permissions, reference.resource, 'list') || a.status !== 'ACTIVE' || Object.keys(a.permissions).length === 0)).toBe(true);
    const calls = await renderAs(refused.email, ui);
    // the access check answers, then nothing: no input, no request for the referenced list
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.filter((c) => c.resource === reference.resource)).toEqual([]);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it("react-admin's ReferenceInput is used in one place only, and every use of that place is rendered above", () => {
    const root = path.resolve(__dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(full);
      }
    };
    walk(root);
    const relative = (file: string) => path.relative(root, file);
    const raReference = files.filter((file) => /<Reference(Array)?Input\b/.test(readFileSync(file, 'utf8'))).map(relative);
    expect(raReference).toEqual(['components/ReferenceChoicesInput.tsx']);
    const users = files.filter((file) => /<ReferenceChoicesInput\b/.test(readFileSync(file, 'utf8'))).map(relative).sort();
    // SchemaInput renders the declared reference fields; ReferenceAutocompleteInput the declared filter forms' pickers
    expect(users).toEqual(['components/ReferenceAutocompleteInput.tsx', 'components/schema/SchemaInput.tsx']);
  });
});
