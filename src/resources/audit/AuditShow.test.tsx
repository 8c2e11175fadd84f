import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { API, auditRecord, CARD_ID, serveConfiguration } from './auditData.test-helper';
import AuditShow from './AuditShow';

const render = () => {
  serveConfiguration(['management']);
  return renderScreen(<AuditShow />, { path: '/audit/101', route: '/audit/:id', permissions: ['management'], referent: true, resource: 'audit' });
};

describe('AuditShow', () => {
  it('shows every field, the changes as text (money as money) and links to the timeline of its entity', async () => {
    server.use(http.get(`${API}/101`, () => HttpResponse.json(auditRecord())));
    await render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit record' })).toBeInTheDocument();
    const record = await screen.findByRole('region', { name: 'Record' });
    for (const text of ['rita@acme.test', 'User', 'Back office', '203.0.113.7', 'req-8f2a', 'Gift card', CARD_ID, 'Changed', 'Acme', 'PATCH /api/company/:companyId/giftcard/cards/:id']) {
      expect(within(record).getByText(text)).toBeInTheDocument();
    }
    const changes = screen.getByRole('table', { name: 'Changes' });
    const rows = within(changes).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Field', 'Before', 'After'],
      ['expireDate', '2026-12-31', '2027-06-30'],
      ['balanceCents', '€1,300.50', '€1,175.50'],
      ['note', '(empty)', 'extended'],
    ]);
    const timeline = screen.getByRole('link', { name: 'Timeline of this Gift card' });
    await userEvent.setup().click(timeline);
    const location = decodeURIComponent(screen.getByTestId('location').textContent ?? '');
    expect(location).toBe(`/audit?filter=${JSON.stringify({ entity: 'gift_cards', entityId: CARD_ID })}`);
  });

  it('says a record outside the subtree does not exist', async () => {
    server.use(http.get(`${API}/999`, () => HttpResponse.json(problem(404, 'NOT_FOUND', `${API}/999`), { status: 404, headers: { 'Content-Type': 'application/problem+json' } })));
    serveConfiguration(['management']);
    await renderScreen(<AuditShow />, { path: '/audit/999', route: '/audit/:id', permissions: ['management'], referent: true, resource: 'audit' });
    expect(await screen.findByText('This audit record does not exist or is outside your companies.')).toBeInTheDocument();
  });

  it('in Italian: the labels, the entity and the money of the changes', async () => {
    await i18n.changeLanguage('it');
    server.use(http.get(`${API}/101`, () => HttpResponse.json(auditRecord())));
    await render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Voce del registro' })).toBeInTheDocument();
    const changes = await screen.findByRole('table', { name: 'Modifiche' });
    expect(within(changes).getByText('1.300,50 €')).toBeInTheDocument();
    expect(within(changes).getByText('(vuoto)')).toBeInTheDocument();
    expect(screen.getByText('Modifica')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cronologia: Gift card' })).toBeInTheDocument();
  });
});
