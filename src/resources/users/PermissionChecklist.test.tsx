import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PERMISSION_KEYS, type PermissionKey } from '../../../domain/permissions';
import { HttpError } from '../../dataProvider/httpError';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { NotGrantableList, notGrantableOf } from './NotGrantableList';
import { PermissionChecklist } from './PermissionChecklist';

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('PermissionChecklist', () => {
  it('lists every flag of the domain table by group with its translated name; the ones the actor lacks are disabled with a hint', async () => {
    const onChange = vi.fn();
    await renderWithAdmin(<PermissionChecklist value={['ticketing']} onChange={onChange} grantable={['ticketing', 'report', 'management']} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(PERMISSION_KEYS.length);
    const general = screen.getByRole('region', { name: 'General' });
    expect(within(general).getByRole('checkbox', { name: 'Tickets, Ticket categories' })).toBeChecked();
    expect(box('Reports')).toBeEnabled();
    expect(box('Orders, Order history')).toBeDisabled();
    expect(box('Generated codes')).toBeDisabled();
    expect(box('Orders, Order history')).toHaveAccessibleDescription('You do not hold this permission, so you cannot grant or remove it.');
    await userEvent.setup().click(box('Reports'));
    expect(onChange).toHaveBeenCalledWith(['report', 'ticketing']);
  });

  it('unchecks a held flag and keeps the others; locked (the own account) disables every box', async () => {
    const onChange = vi.fn();
    const { unmount } = await renderWithAdmin(<PermissionChecklist value={['report', 'ticketing']} onChange={onChange} grantable={['ticketing', 'report']} />);
    await userEvent.setup().click(box('Tickets, Ticket categories'));
    expect(onChange).toHaveBeenCalledWith(['report']);
    unmount();
    await renderWithAdmin(<PermissionChecklist value={['report']} onChange={onChange} grantable={[...PERMISSION_KEYS]} locked />);
    expect(screen.getAllByRole('checkbox').every((checkbox) => (checkbox as HTMLInputElement).disabled)).toBe(true);
  });
});

describe('NotGrantableList', () => {
  const refusal = (keys: PermissionKey[]) =>
    new HttpError('refused', 403, { status: 403, error: { message: 'PERMISSION_NOT_GRANTABLE' }, params: { permissions: keys.join(',') }, notGrantable: keys });

  it("reads the refusal's keys (in the table's order) and nothing from other failures", () => {
    expect(notGrantableOf(refusal(['square.codes', 'privative.orders']))).toEqual(['privative.orders', 'square.codes']);
    expect(notGrantableOf(new HttpError('no', 403, { error: { message: 'OWN_PERMISSIONS' } }))).toBeNull();
    expect(notGrantableOf(new Error('network'))).toBeNull();
  });

  it('shows the translated list of what cannot be granted', async () => {
    await renderWithAdmin(<NotGrantableList keys={['privative.orders', 'square.codes']} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('You cannot grant these permissions because you do not hold them');
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Gift cards / Orders, Order history', 'Square / Generated codes']);
  });
});
