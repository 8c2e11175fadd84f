import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Form } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { orderConfigurationSchema } from '../../domain/orders';
import { transferBodySchema } from '../../domain/reloadables';
import { companyFields, referentFields } from '../../domain/schemas/company';
import { i18n } from '../i18n/i18n';
import { OrderTrackingDialog } from '../resources/orders/OrderTrackingDialog';
import { ORDER_ID, order } from '../resources/orders/testData.test-helper';
import { problem } from '../test/builders';
import { server } from '../test/msw';
import { renderScreen } from '../test/renderScreen';
import { renderWithAdmin } from '../test/renderWithAdmin';
import { FormTextField } from './FormTextField';
import { SchemaInput } from './schema/SchemaInput';

/** Issue 14 "limits stated": inputs carry their rule's maxLength, and an over-long value is told the limit, not "invalid". */
describe('limits stated on inputs', () => {
  it('a text input declared with its rule carries the rule’s maxLength, and a longer value is told the limit', async () => {
    const schema = z.object({ companyOrderNumber: orderConfigurationSchema.shape.companyOrderNumber, note: transferBodySchema.shape.note.unwrap() });
    await renderWithAdmin(
      <Form resolver={zodResolver(schema)} mode="onChange" defaultValues={{ companyOrderNumber: '', note: '' }}>
        <FormTextField name="companyOrderNumber" label="Company order number" rule={schema.shape.companyOrderNumber} />
        <FormTextField name="note" label="Note" rule={schema.shape.note} />
      </Form>,
    );
    const number = screen.getByRole('textbox', { name: 'Company order number' });
    expect(number).toHaveAttribute('maxLength', '40');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveAttribute('maxLength', '200');
    // a pasted value the attribute did not stop (or an older browser): the rule's text names the limit
    fireEvent.change(number, { target: { value: 'X'.repeat(41) } });
    expect(await screen.findByText('At most 40 characters')).toBeInTheDocument();
    expect(screen.queryByText('The value entered is invalid')).not.toBeInTheDocument();
  });

  it('a declared field’s input (stores, companies, operators) takes its maxLength from the schema', async () => {
    await renderWithAdmin(
      <Form defaultValues={{ companyName: '', city: '', email: '' }}>
        <SchemaInput field={companyFields.inputs.find((field) => field.source === 'companyName')!} />
        <SchemaInput field={companyFields.inputs.find((field) => field.source === 'city')!} />
        <SchemaInput field={referentFields.inputs.find((field) => field.source === 'email')!} />
      </Form>,
    );
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveAttribute('maxLength', '40');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveAttribute('maxLength', '40');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('maxLength', '320');
  });

  it('a limit the server states in a problem body reaches the field in the user’s language (tracking number)', async () => {
    await i18n.changeLanguage('it');
    const posted = vi.fn();
    server.use(
      http.post(`/api/company/company-1/giftcard/orders/${ORDER_ID}/tracking`, () => {
        posted();
        return HttpResponse.json({ ...problem(400, 'VALIDATION_ERROR'), errors: { number: 'validation.maxLength?max=80' } }, { status: 400, headers: { 'Content-Type': 'application/problem+json' } });
      }),
    );
    await renderScreen(<OrderTrackingDialog order={order({ state: 'SHIPMENT_IN_PROGRESS', shippingType: 'PHISICAL_SHIPMENT' })} onClose={() => undefined} onDone={() => undefined} />, {
      permissions: ['privative.orders'],
      resource: 'privative-orders/orders',
    });
    const dialog = await screen.findByRole('dialog');
    const number = within(dialog).getByRole('textbox', { name: /Numero di tracking/ });
    expect(number).toHaveAttribute('maxLength', '80');
    expect(within(dialog).getByRole('textbox', { name: /Corriere/ })).toHaveAttribute('maxLength', '80');
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: /Corriere/ }), 'BRT');
    await user.type(number, '123');
    await user.click(within(dialog).getByRole('button', { name: /Salva/ }));
    expect(await within(dialog).findByText('Al massimo 80 caratteri')).toBeInTheDocument();
    expect(posted).toHaveBeenCalledTimes(1);
    expect(within(dialog).queryByText('Il valore inserito non è valido')).not.toBeInTheDocument();
  });
});
