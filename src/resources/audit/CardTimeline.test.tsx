import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PermissionKey } from '../../../domain/permissions';
import { formatDateTime } from '../../i18n/dates';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import GiftCardShow from '../giftcards/GiftCardShow';
import { giftCard } from '../giftcards/testData.test-helper';
import { API, auditRecord, CARD_ID, pageOf, serveConfiguration } from './auditData.test-helper';

const CARD = `/api/company/company-1/giftcard/cards/${CARD_ID}`;

function serve(permissions: PermissionKey[]) {
  const auditQueries: URLSearchParams[] = [];
  serveConfiguration(permissions);
  server.use(
    http.get(CARD, () => HttpResponse.json(giftCard())),
    http.get(`${CARD}/transactions`, () => HttpResponse.json([], { headers: { 'Content-Range': 'transactions 0-0/0' } })),
    http.get(API, ({ request }) => {
      auditQueries.push(new URL(request.url).searchParams);
      return pageOf([auditRecord({ id: '102', occurredAt: '2026-11-21T08:00:00.000Z' }), auditRecord({ id: '101', action: 'create', actorLabel: 'operator@acme.test' })]);
    }),
  );
  return auditQueries;
}

const render = (permissions: PermissionKey[]) => renderScreen(<GiftCardShow />, { path: `/privative/giftcards/${CARD_ID}`, route: '/privative/giftcards/:id', permissions, referent: true });

describe("a gift card's timeline on its page", () => {
  it("lists the card's own audit records, newest first, each opening its record", async () => {
    const queries = serve(['privative.management.read', 'management']);
    await render(['privative.management.read', 'management']);
    const section = await screen.findByRole('region', { name: 'Timeline' });
    const link = await within(section).findByRole('link', { name: formatDateTime('2026-11-21T08:00:00.000Z') });
    expect(link).toHaveAttribute('href', '/audit/102');
    expect(within(section).getByText('operator@acme.test')).toBeInTheDocument();
    expect(within(section).getByText('Created')).toBeInTheDocument();
    expect(JSON.parse(queries[0].get('filter')!)).toEqual({ entity: 'gift_cards', entityId: CARD_ID });
    expect(queries[0].get('sort')).toBe('["occurredAt","DESC"]');
    expect(within(section).getByRole('link', { name: 'Open in the audit trail' })).toHaveAttribute('href', `/audit?filter=${encodeURIComponent(JSON.stringify({ entity: 'gift_cards', entityId: CARD_ID }))}`);
  });

  it('is not there, and not asked for, without access to the audit trail', async () => {
    const queries = serve(['privative.management.read']);
    await render(['privative.management.read']);
    expect(await screen.findByRole('heading', { name: 'ABCD2345EFGH6789' })).toBeInTheDocument();
    // the ledger (a section of the same page) has loaded: the page is complete
    expect(await screen.findByRole('heading', { name: 'Transactions' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Timeline' })).not.toBeInTheDocument();
    expect(queries).toEqual([]);
  });
});
