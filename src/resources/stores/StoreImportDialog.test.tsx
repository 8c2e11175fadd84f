import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { StoreImportDialog } from './StoreImportDialog';

const IMPORT = '/api/company/company-1/stores/import';
const csv = (text: string, name = 'stores.csv') => new File([text], name, { type: 'text/csv' });

describe('StoreImportDialog', () => {
  it("uploads the CSV and lists each failed line under 'Error importing stores' with its code and message", async () => {
    // what the dialog puts in the form it posts (a file part named "file", the chosen file whole);
    // read where it is appended, since Node 24's fetch loses the bytes of jsdom's File on the wire
    // (tests/e2e/companies-stores.spec.ts uploads a real file in Chromium)
    const sent: Array<{ field: string; name: string; text: string }> = [];
    const append = FormData.prototype.append;
    const spy = vi.spyOn(FormData.prototype, 'append').mockImplementation(function (this: FormData, field: string, value: string | Blob, name?: string) {
      if (value instanceof File) {
        const entry = { field, name: name ?? value.name, text: '' };
        sent.push(entry);
        void value.text().then((text) => (entry.text = text));
      }
      return append.call(this, field, value as Blob, name as string);
    });
    let posted = '';
    server.use(
      http.post(IMPORT, ({ request }) => {
        posted = request.headers.get('content-type') ?? '';
        return HttpResponse.json({
          created: 2,
          failed: [{ row: 3, storeCode: 'S-11', code: 'VALIDATION_ERROR', field: 'name', message: 'validation.storeText?min=2&max=40' }, { row: 4, storeCode: 'NEG-001', code: 'DUPLICATE_CODE', field: 'code', message: 'errors.codes.DUPLICATE_CODE' }],
          failedCount: 2,
        });
      }),
    );
    await renderScreen(<StoreImportDialog onClose={() => undefined} />, { permissions: ['privative.stores'], resource: 'privative/stores' });
    await userEvent.setup().upload(screen.getByTestId('store-import-input'), csv('code;name;storeCategoryId\nS-10;Ten;RETAIL\n'));

    expect(await screen.findByText('2 stores imported')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Error importing stores' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual([
      expect.stringMatching(/^3S-11VALIDATION_ERRORName: .*letters, digits, spaces, hyphen or comma$/),
      '4NEG-001DUPLICATE_CODECode: This code is already in use.',
    ]);
    expect(posted).toMatch(/^multipart\/form-data; boundary=/);
    await waitFor(() => expect(sent).toEqual([{ field: 'file', name: 'stores.csv', text: 'code;name;storeCategoryId\nS-10;Ten;RETAIL\n' }]));
    spy.mockRestore();
  });

  it("shows 'Error reading file' for a file the server cannot read, and for a non-CSV file without sending it", async () => {
    let calls = 0;
    server.use(
      http.post(IMPORT, () => {
        calls += 1;
        return HttpResponse.json(problem(400, 'FILE_UNREADABLE', IMPORT, 'not text'), { status: 400, headers: { 'Content-Type': 'application/problem+json' } });
      }),
    );
    await renderScreen(<StoreImportDialog onClose={() => undefined} />, { permissions: ['privative.stores'], resource: 'privative/stores' });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByTestId('store-import-input'), csv('\u0000binary'));
    expect(await screen.findByText('Error reading file')).toBeInTheDocument();
    expect(screen.getByText('Unable to read the uploaded file. Correct and reload the file or download the example template.')).toBeInTheDocument();
    expect(calls).toBe(1);

    await user.upload(screen.getByTestId('store-import-input'), new File(['x'], 'stores.xlsx'));
    expect(await screen.findByText('Error reading file')).toBeInTheDocument();
    expect(screen.getByText('Choose a CSV file (.csv or .txt).')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('says the 5 MB limit for a file too large: checked before sending, and when the server answers 413 FILE_TOO_LARGE', async () => {
    let calls = 0;
    server.use(
      http.post(IMPORT, () => {
        calls += 1;
        return HttpResponse.json({ ...problem(413, 'FILE_TOO_LARGE', IMPORT, 'The file is larger than 5 MB'), errors: { file: 'validation.fileTooLarge?maxBytes=5242880' } }, { status: 413, headers: { 'Content-Type': 'application/problem+json' } });
      }),
    );
    await renderScreen(<StoreImportDialog onClose={() => undefined} />, { permissions: ['privative.stores'], resource: 'privative/stores' });
    const user = userEvent.setup();
    const big = csv('x');
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(screen.getByTestId('store-import-input'), big);
    expect(await screen.findByText('The file is too large: a CSV file can be at most 5 MB.')).toBeInTheDocument();
    expect(calls).toBe(0);

    // the browser let it through (a size it cannot see, a proxy limit): the server's 413 gets the same text
    await user.upload(screen.getByTestId('store-import-input'), csv('code;name;storeCategoryId\n'));
    await waitFor(() => expect(calls).toBe(1));
    expect(await screen.findByText('The file is too large: a CSV file can be at most 5 MB.')).toBeInTheDocument();
    expect(screen.queryByText(/Unable to read the uploaded file/)).not.toBeInTheDocument();
  });
});
