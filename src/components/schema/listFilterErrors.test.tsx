import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineFields } from '../../../domain/fields';
import { ticketFilters } from '../../../domain/schemas/tickets';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { SchemaList } from './SchemaList';

/**
 * Issue 43, dead end 3: a list's date filters through the shared machinery (SchemaList's declared
 * filter form, FormDateField, ListLoadError), here with the tickets list's own declaration. A day
 * that does not exist and a reversed range are refused on the input and never sent; a 400 on a
 * filter names it by its label, marks it, and offers to reset the filters instead of a Retry loop.
 */
const STORES = '/api/company/company-1/stores';
const fields = defineFields(z.object({}).strict(), [{ source: 'name', label: 'stores.fields.name', input: false, column: true }], {
  resource: 'privative/stores',
  filterForm: ticketFilters,
});
const options = { permissions: ['privative.stores' as const], resource: 'privative/stores' as const };
const row = { id: 's-1', name: 'Centro' };

/** The filters the API was asked for, in order. */
function recordFilters() {
  const filters: Array<Record<string, unknown>> = [];
  server.use(
    http.get(STORES, ({ request }) => {
      const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as Record<string, unknown>;
      filters.push(filter);
      if (filter.createdFrom === '2026-02-31') {
        return HttpResponse.json(
          { status: 400, title: 'Bad Request', error: { message: 'VALIDATION_ERROR' }, errors: { createdFrom: 'validation.invalid' } },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        );
      }
      return HttpResponse.json([row], { headers: { 'Content-Range': 'stores 0-0/1' } });
    }),
  );
  return filters;
}

describe('list date filters', () => {
  it('a date input refuses 31/02/2026 itself: an inline error, and the filter is not sent', async () => {
    const filters = recordFilters();
    await renderScreen(<SchemaList fields={fields} />, options);
    await screen.findByText('Centro');
    const user = userEvent.setup();
    const from = screen.getByLabelText('Created from');
    await user.type(from, '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Invalid date: this day does not exist (dd/mm/yyyy)')).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(filters.some((filter) => 'createdFrom' in filter)).toBe(false);
  });

  it('a start after the end is refused on the input, naming both, and not sent', async () => {
    const filters = recordFilters();
    await renderScreen(<SchemaList fields={fields} />, options);
    await screen.findByText('Centro');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Created from'), '20/11/2026');
    await user.type(screen.getByLabelText('Created to'), '10/11/2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('“Created to” cannot be before “Created from”')).toBeInTheDocument();
    expect(screen.getByLabelText('Created to')).toHaveAttribute('aria-invalid', 'true');
    expect(filters.some((filter) => 'createdTo' in filter)).toBe(false);
  });

  it('a 400 on a filter names it by its label, marks it, and offers to reset the filters, not a Retry loop', async () => {
    const filters = recordFilters();
    // a filter from a link or a bookmark, which no input checked
    await renderScreen(<SchemaList fields={fields} filterDefaultValues={{ createdFrom: '2026-02-31' }} />, options);
    const alert = await screen.findByTestId('list-load-error');
    expect(alert).toHaveTextContent('A filter is not valid');
    expect(alert).toHaveTextContent('Created from: Invalid date: this day does not exist (dd/mm/yyyy)');
    expect(within(alert).queryByRole('button', { name: /retry/i })).toBeNull();
    // the input shows the day as written (not rolled over to 03/03/2026), marked
    const from = screen.getByLabelText('Created from');
    expect(from).toHaveValue('2026-02-31');
    await waitFor(() => expect(from).toHaveAttribute('aria-invalid', 'true'));
    fireEvent.click(within(alert).getByRole('button', { name: 'Reset filters' }));
    expect(await screen.findByText('Centro')).toBeInTheDocument();
    expect(filters.at(-1)).toEqual({});
  });
});
