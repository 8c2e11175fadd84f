import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../i18n/dates';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { API, auditRecord, CARD_ID, pageOf, serveConfiguration } from './auditData.test-helper';
import AuditList from './AuditList';

const render = (path = '/audit') => {
  serveConfiguration(['management']);
  return renderScreen(<AuditList />, { path, permissions: ['management'], referent: true, resource: 'audit' });
};

function serveList() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(API, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return pageOf([auditRecord(), auditRecord({ id: '100', actorType: 'api_key', actorLabel: 'Till 1 (tk_live_ab12)', origin: 'integration', action: 'read_code', entity: 'gift_cards' })]);
    }),
  );
  return queries;
}

describe('AuditList', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the records newest first: when (the link to the record), who and what kind, origin, entity and id, action, company', async () => {
    const queries = serveList();
    await render();
    expect(await screen.findByText('2 records shown, more to load')).toBeInTheDocument();
    expect(queries[0].get('sort')).toBe('["occurredAt","DESC"]');
    const rows = screen.getAllByRole('row');
    const first = within(rows[1]);
    expect(first.getByRole('link', { name: formatDateTime('2026-11-20T09:15:00.000Z') })).toHaveAttribute('href', '/audit/101');
    expect(first.getByText('rita@acme.test')).toBeInTheDocument();
    expect(first.getByText('User')).toBeInTheDocument();
    expect(first.getByText('Back office')).toBeInTheDocument();
    expect(first.getByText('Gift card')).toBeInTheDocument();
    expect(first.getByText(CARD_ID)).toBeInTheDocument();
    expect(first.getByText('Changed')).toBeInTheDocument();
    expect(first.getByText('Acme')).toBeInTheDocument();
    const second = within(rows[2]);
    expect(second.getByText('API key')).toBeInTheDocument();
    expect(second.getByText('Integration API')).toBeInTheDocument();
    expect(second.getByText('Code read')).toHaveAttribute('data-tone', 'yellow');
  });

  it("sends the filter form's entity, id, action, actor type, actor and days as the API's filter", async () => {
    const queries = serveList();
    await render();
    await screen.findByText('2 records shown, more to load');
    const user = userEvent.setup();
    const pick = async (label: string, option: string) => {
      await user.click(screen.getByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick('Entity', 'Gift card');
    await pick('Action', 'Changed');
    await pick('Actor type', 'User');
    await user.type(screen.getByRole('textbox', { name: 'Entity ID' }), CARD_ID);
    await user.type(screen.getByRole('textbox', { name: 'Actor (e-mail or key)' }), 'rita@');
    await user.type(screen.getByRole('textbox', { name: 'From' }), '01/11/2026');
    await user.type(screen.getByRole('textbox', { name: 'To' }), '20/11/2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({
        entity: 'gift_cards',
        entityId: CARD_ID,
        action: 'update',
        actorType: 'user',
        actor: 'rita@',
        dateFrom: dayjs('2026-11-01').startOf('day').toISOString(),
        dateTo: dayjs('2026-11-20').endOf('day').toISOString(),
      }),
    );
  });

  it("opens with a record's timeline filter from the URL and downloads the same filter as CSV", async () => {
    const queries = serveList();
    const exports: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/export`, ({ request }) => {
        exports.push(new URL(request.url).searchParams);
        return new HttpResponse('\uFEFFWhen;Who\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const timeline = { entity: 'gift_cards', entityId: CARD_ID };
    await render(`/audit?filter=${encodeURIComponent(JSON.stringify(timeline))}`);
    await screen.findByText('2 records shown, more to load');
    expect(JSON.parse(queries[0].get('filter')!)).toEqual(timeline);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(JSON.parse(exports[0].get('filter')!)).toEqual(timeline);
    expect(exports[0].get('lang')).toBe('en');
    expect(exports[0].get('tz')).toBeTruthy();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^audit_\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('on a phone shows each record as a row linking to it, with no sideways-scrolling table', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false })) as typeof window.matchMedia;
    try {
      serveList();
      await render();
      const rows = await screen.findByRole('list', { name: 'Audit records' });
      expect(within(rows).getAllByRole('link', { name: formatDateTime('2026-11-20T09:15:00.000Z') }).map((link) => link.getAttribute('href'))).toEqual(['/audit/101', '/audit/100']);
      expect(within(rows).getByText(`rita@acme.test (User) · Gift card ${CARD_ID} · Back office · Acme`)).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
