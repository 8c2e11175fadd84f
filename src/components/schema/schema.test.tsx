import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CreateBase } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldsCsv } from '../../../domain/fieldCsv';
import dayjs from 'dayjs';
import { declaredFilter, defineFields, filterTextSchema, type FieldSpec } from '../../../domain/fields';
import { AMOUNT_MESSAGES } from '../../../domain/money';
import { numberRangeMessage } from '../../../domain/messages';
import { uploadSchema } from '../../../domain/orders';
import { declaredSorts, parseListQuery } from '../../../server/lib/list-query';
import { textOf } from '../../../server/lib/texts';
import { STORE_SORT_COLUMNS } from '../../../server/modules/stores/repository';
import { storeFields, storeSchema } from '../../../domain/schemas/store';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { SchemaForm } from './SchemaForm';
import { GatedScreenContext } from './gatedScreen';
import { SchemaList } from './SchemaList';
import { SchemaShowFields } from './SchemaShowFields';

const STORES = '/api/company/company-1/stores';
// src/resources/README.md "Add a field": a field added to stores is one schema key and one declaration line
// (on stores' first four fields, so the expectations below hold whatever stores declare next)
const STORE_SOURCES = ['code', 'name', 'storeCategoryId', 'defaultActivationStore'] as const;
const withRegion = defineFields(
  storeSchema.pick({ code: true, name: true, storeCategoryId: true, defaultActivationStore: true }).extend({ region: z.string().trim().min(2, 'validation.storeText?min=2&max=40').max(40, 'validation.storeText?min=2&max=40') }),
  [...(storeFields.fields.filter((field) => (STORE_SOURCES as readonly string[]).includes(field.source)) as FieldSpec<never>[]), { source: 'region', label: 'Region', column: true, sortable: true, filter: true }],
  { resource: 'privative/stores', sorts: storeFields.sorts },
);
// …and the repository's column for it (server/modules/stores/repository.ts STORE_SORT_COLUMNS)
const apiSorts = declaredSorts(withRegion, [...Object.keys(STORE_SORT_COLUMNS), 'region']);
const store = { id: 's-1', code: 'NEG-1', name: 'Centro', storeCategoryId: 'RETAIL', defaultActivationStore: true, region: 'Lombardia' };
const options = { permissions: ['privative.stores' as const], resource: 'privative/stores' as const };

describe('schema components', () => {
  it("asks for a gated screen's own list at once: the gate already checked the session and the access", async () => {
    server.use(http.get(STORES, () => HttpResponse.json([store], { headers: { 'Content-Range': 'stores 0-0/1' } })));
    const never = () => new Promise<never>(() => undefined);
    await renderScreen(
      <GatedScreenContext.Provider value={{ resource: 'privative/stores', action: 'list' }}>
        <SchemaList fields={storeFields} />
      </GatedScreenContext.Provider>,
      { ...options, auth: { checkAuth: never, canAccess: never } },
    );
    expect(await screen.findByText('Centro')).toBeInTheDocument();
  });


  it('a declared field becomes a list column, a filter and a sort the API accepts, and a CSV column', async () => {
    let query = '';
    server.use(
      http.get(STORES, ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json([store], { headers: { 'Content-Range': 'stores 0-0/1' } });
      }),
    );
    await renderScreen(<SchemaList fields={withRegion} sort={{ field: 'code', order: 'ASC' }} empty="stores.list.empty" loadMore="stores.list.loadMore" search="stores.list.search" />, options);
    const table = await screen.findByRole('table');
    await within(table).findByText('Lombardia');
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Code', 'Name', 'Store category', 'Default activation store', 'Region']);
    // the declared filters (store category, region) and the search are there; a typed filter and a sort reach the API
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Store category'), 'OUT');
    await user.type(screen.getByLabelText('Region'), 'Lomb');
    await waitFor(() => expect(decodeURIComponent(query)).toContain('"storeCategoryId":"OUT","region":"Lomb"'));
    await user.click(screen.getByRole('button', { name: 'Sort by region ascending' }));
    await waitFor(() => expect(decodeURIComponent(query)).toContain('["region","ASC"]'));

    // the API reads the same declaration: the query the screen sent is accepted as it is…
    const params = Object.fromEntries(new URLSearchParams(query));
    const filter = declaredFilter(withRegion, { q: filterTextSchema.optional() });
    const parsed = parseListQuery(params, filter, apiSorts, { field: 'code', order: 'ASC' });
    expect(parsed).toMatchObject({ filter: { storeCategoryId: 'OUT', region: 'Lomb' }, sort: { field: 'region', order: 'ASC' } });
    // …and a column the declaration does not make sortable or filterable is refused (400)
    expect(() => parseListQuery({ sort: '["defaultActivationStore","ASC"]' }, filter, apiSorts, { field: 'code', order: 'ASC' })).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => parseListQuery({ filter: '{"defaultActivationStore":true}' }, filter, apiSorts, { field: 'code', order: 'ASC' })).toThrow(expect.objectContaining({ statusCode: 400 }));

    // the CSV of the declaration: the field's column, headed in the user's language, a flag as its word
    const csv = fieldsCsv(withRegion, { language: 'it', timeZone: 'Europe/Rome' }, textOf('it'));
    expect(csv.header).toBe('\uFEFFCodice;Nome;Categoria punto vendita;Punto vendita di attivazione predefinito;Region\r\n');
    expect(csv.line(store)).toBe('NEG-1;Centro;RETAIL;Sì;Lombardia\r\n');
  });

  it('renders the declared inputs and show fields', async () => {
    await renderScreen(
      <>
        <CreateBase resource="privative/stores">
          <SchemaForm fields={withRegion} />
        </CreateBase>
        <SchemaShowFields fields={withRegion} record={store} />
      </>,
      options,
    );
    expect(await screen.findByLabelText(/^Region/)).toBeInTheDocument();
    expect(screen.getAllByRole('textbox').map((input) => input.getAttribute('name'))).toEqual(['code', 'name', 'storeCategoryId', 'region']);
    expect(screen.getByRole('switch', { name: 'Default activation store' })).toBeInTheDocument();
    // show: label and value
    expect(screen.getByText('Lombardia')).toBeInTheDocument();
    expect(screen.getAllByText('Region').length).toBeGreaterThan(0);
  });

  it('shows money, dates and counts by their declared kind in the user\'s language, and a missing value as a dash', async () => {
    const kinds = defineFields(z.object({}).strict(), [
      { source: 'totalCents', label: 'Total', kind: 'money', input: false, column: true },
      { source: 'createdAt', label: 'Created', kind: 'datetime', input: false, column: true },
      { source: 'expireDate', label: 'Expires', kind: 'date', input: false, column: true },
      { source: 'cards', label: 'Cards', kind: 'number', input: false, column: true },
      { source: 'note', label: 'Note', input: false, column: true },
    ]);
    const record = { id: 'r-1', totalCents: 130050, createdAt: '2026-03-05T12:00:00Z', expireDate: '2027-12-31T12:00:00Z', cards: 12000, note: null };
    server.use(http.get(STORES, () => HttpResponse.json([record], { headers: { 'Content-Range': 'stores 0-0/1' } })));
    await renderScreen(<SchemaList fields={kinds} sort={{ field: 'createdAt', order: 'DESC' }} empty="stores.list.empty" loadMore="stores.list.loadMore" />, options);
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1];
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells[0]).toBe('€1,300.50');
    expect(cells[1]).toMatch(/^05\/03\/2026 \d{2}:\d{2}$/);
    expect(cells.slice(2)).toEqual(['31/12/2027', '12,000', '—']);
  });

  it('puts the rule of a declared field and a server field error under the field', async () => {
    server.use(
      http.post(STORES, () =>
        HttpResponse.json(
          { title: 'Conflict', status: 409, instance: STORES, error: { message: 'DUPLICATE_CODE' }, errors: { region: 'validation.duplicateCode' } },
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    await renderScreen(
      <CreateBase resource="privative/stores">
        <SchemaForm fields={withRegion} />
      </CreateBase>,
      options,
    );
    const user = userEvent.setup();
    await screen.findByLabelText(/^Region/);
    const inputs = screen.getAllByRole('textbox');
    // issue 43: the rule's limit is stated under the input before any input, in the refusal's words
    expect(inputs[3]).toHaveAccessibleDescription('Enter 2 to 40 characters: letters, digits, spaces, hyphen or comma');
    await user.type(inputs[0], 'NEG-9');
    await user.type(inputs[1], 'Nord');
    await user.type(inputs[2], 'RETAIL');
    await user.type(inputs[3], 'L');
    await user.tab();
    await waitFor(() => expect(inputs[3]).toHaveAttribute('aria-invalid', 'true'));
    expect(inputs[3]).toHaveAccessibleDescription('Enter 2 to 40 characters: letters, digits, spaces, hyphen or comma');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(inputs[3], 'ombardia');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This code is already in use')).toBeInTheDocument();
    expect(inputs[3]).toHaveAttribute('aria-invalid', 'true');
  });
  it('each kind has its input: euros become cents, decimals and percentages numbers, typed days an ISO day and instant, a chosen file the upload object; percent and file show and write CSV', async () => {
    const kinds = defineFields(
      z
        .object({
          budgetCents: z.number(AMOUNT_MESSAGES.format).int().min(1).max(1_000_000_00),
          cards: z.number(numberRangeMessage(1, 500)).int(numberRangeMessage(1, 500)).min(1, numberRangeMessage(1, 500)).max(500, numberRangeMessage(1, 500)),
          discount: z.number('validation.invalid').min(0).max(100),
          expireDate: z.iso.date('validation.invalid'),
          startsAt: z.iso.datetime('validation.dateTimeFormat'),
          attachment: uploadSchema,
        })
        .strict(),
      [
        { source: 'budgetCents', label: 'Budget', kind: 'money', column: true },
        { source: 'cards', label: 'Cards', kind: 'number', column: true, filter: true },
        { source: 'discount', label: 'Discount', kind: 'percent', column: true, filter: true },
        { source: 'expireDate', label: 'Expires', kind: 'date', column: true },
        { source: 'startsAt', label: 'Starts', kind: 'datetime', column: true },
        { source: 'attachment', label: 'Attachment', kind: 'file', file: { accept: '.csv,text/csv' }, column: true, filter: true },
      ],
      { resource: 'privative/stores' },
    );
    let body: Record<string, unknown> = {};
    server.use(
      http.post(STORES, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 'r-9', ...body });
      }),
    );
    await renderScreen(
      <CreateBase resource="privative/stores">
        <SchemaForm fields={kinds} />
      </CreateBase>,
      options,
    );
    const user = userEvent.setup();
    const budget = await screen.findByRole('textbox', { name: /^Budget/ });
    await user.type(budget, 'abc');
    await user.tab();
    expect(await screen.findByText('Enter an amount in euros, for example 25 or 25.50')).toBeInTheDocument();
    await user.clear(budget);
    await user.type(budget, '1,500.50');
    const cards = screen.getByRole('textbox', { name: /^Cards/ });
    await user.type(cards, '501');
    await user.tab();
    expect(await screen.findByText('Enter a whole number from 1 to 500')).toBeInTheDocument();
    await user.clear(cards);
    await user.type(cards, '12');
    await user.type(screen.getByRole('textbox', { name: /^Discount/ }), '12.5');
    await user.type(screen.getByRole('textbox', { name: /^Expires/ }), '31122027');
    await user.type(screen.getByRole('textbox', { name: /^Starts/ }), '050320261330');
    expect(screen.getByRole('button', { name: 'Open the calendar: Starts' })).toBeInTheDocument();
    const file = new File(['code;amount\n'], 'rows.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Choose a file: Attachment'), file);
    expect(await screen.findByText('rows.csv')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body.attachment).toBeDefined());
    expect(body).toEqual({
      budgetCents: 150050,
      cards: 12,
      discount: 12.5,
      expireDate: '2027-12-31',
      startsAt: dayjs(new Date(2026, 2, 5, 13, 30)).toISOString(),
      attachment: { type: 'text/csv', name: 'rows.csv', content: btoa('code;amount\n') },
    });

    // shown and written by kind: the percentage with its sign, the file by its name
    const record = { id: 'r-1', budgetCents: 150050, cards: 12, discount: 12.5, expireDate: '2027-12-31', startsAt: '2026-03-05T12:30:00Z', attachment: { name: 'rows.csv', type: 'text/csv' } };
    await renderScreen(<SchemaShowFields fields={kinds} record={record} />, options);
    expect(await screen.findByText('12.5%')).toBeInTheDocument();
    expect(screen.getAllByText('rows.csv').length).toBeGreaterThan(0);
    const csv = fieldsCsv(kinds, { language: 'it', timeZone: 'Europe/Rome' }, textOf('it'));
    expect(csv.line(record)).toBe('1500,50;12;12,5%;31/12/2027;05/03/2026 13:30:00;rows.csv\r\n');
    // their filters: a number, a percentage, with or without a file
    const filter = declaredFilter(kinds, {});
    expect(filter.safeParse({ cards: 12, discount: 12.5, attachment: true }).success).toBe(true);
    expect(filter.safeParse({ discount: '12' }).success).toBe(false);
    // money and days are filtered as ranges, in a filter form
    expect(() => defineFields(z.object({}).strict(), [{ source: 'totalCents', label: 'Total', kind: 'money', input: false, filter: true }])).toThrow(/filter form/);
  });
});
