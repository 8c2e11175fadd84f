import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { renderWithAdmin } from '../test/renderWithAdmin';
import { DateTimeInput } from './DateTimeInput';

function Harness({ withTime = false, initial = '', min, max }: { withTime?: boolean; initial?: string; min?: dayjs.Dayjs; max?: dayjs.Dayjs }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeInput label="When" calendarLabel="Open the calendar" withTime={withTime} value={value} onChange={setValue} min={min} max={max} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;

/** SPEC §9 (issue 14): dates and date-times show and take DD/MM/YYYY (HH:mm) in every language, with a Monday-first calendar and SPEC §5 min/max. */
describe('DateTimeInput', () => {
  it.each(['en', 'it'])('takes DD/MM/YYYY HH:mm typed as digits, separators added (%s)', async (language) => {
    await i18n.changeLanguage(language);
    await renderWithAdmin(<Harness withTime />);
    const input = screen.getByRole('textbox', { name: 'When' });
    expect(input).toHaveAttribute('placeholder', language === 'it' ? 'gg/mm/aaaa hh:mm' : 'dd/mm/yyyy hh:mm');
    const user = userEvent.setup();
    await user.type(input, '261120260800');
    expect(input).toHaveValue('26/11/2026 08:00');
    await user.clear(input);
    // separators typed by hand are kept once
    await user.type(input, '26/11/2026 08:00');
    expect(value()).toBe('26/11/2026 08:00');
  });

  it('offers a Monday-first month in the user’s language and fills the chosen day as DD/MM/YYYY', async () => {
    await i18n.changeLanguage('en');
    await renderWithAdmin(<Harness initial="15/06/2026" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open the calendar' });
    expect(within(dialog).getByRole('heading')).toHaveTextContent(/june 2026/i);
    const headers = within(dialog).getAllByRole('columnheader');
    expect(headers[0]).toHaveAttribute('abbr', 'Monday');
    expect(headers[6]).toHaveAttribute('abbr', 'Sunday');
    // 1 June 2026 is a Monday: the first cell of the first week
    expect(within(dialog).getAllByRole('gridcell')[0]).toHaveTextContent('1');
    // the chosen day has the focus; the keyboard moves it, Enter chooses
    expect(within(dialog).getByRole('button', { name: 'Monday 15 June 2026' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(within(dialog).getByRole('button', { name: 'Tuesday 23 June 2026' })).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(within(dialog).getByRole('heading')).toHaveTextContent(/july 2026/i);
    await user.keyboard('{Enter}');
    expect(value()).toBe('23/07/2026');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the Italian month and weekdays, still Monday first', async () => {
    await i18n.changeLanguage('it');
    await renderWithAdmin(<Harness initial="15/06/2026" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open the calendar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent(/giugno 2026/i);
    expect(within(dialog).getAllByRole('columnheader')[0]).toHaveAttribute('abbr', 'lunedì');
    expect(within(dialog).getByRole('button', { name: 'lunedì 15 giugno 2026' })).toBeInTheDocument();
  });

  it('keeps to min and max: days outside cannot be chosen, and on the min day neither can earlier hours and minutes', async () => {
    await i18n.changeLanguage('en');
    const min = dayjs(new Date(2026, 5, 10, 14, 30));
    const max = dayjs(new Date(2026, 5, 20, 9, 15));
    await renderWithAdmin(<Harness withTime initial="05/06/2026 12:00" min={min} max={max} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const dialog = await screen.findByRole('dialog');
    // a typed time before min opens the calendar on the earliest allowed moment
    expect(within(dialog).getByRole('heading')).toHaveTextContent(/june 2026/i);
    expect(within(dialog).getByRole('button', { name: 'Wednesday 10 June 2026' })).toHaveFocus();
    const before = within(dialog).getByRole('button', { name: 'Tuesday 9 June 2026' });
    expect(before).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Sunday 21 June 2026' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Previous month' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Next month' })).toBeDisabled();
    await user.click(before);
    expect(within(dialog).getByRole('button', { name: 'Wednesday 10 June 2026' }).closest('td')).toHaveAttribute('aria-selected', 'true');
    const hour = within(dialog).getByRole('combobox', { name: 'Hour' });
    const minute = within(dialog).getByRole('combobox', { name: 'Minutes' });
    expect(within(hour).getByRole('option', { name: '13' })).toBeDisabled();
    expect(within(hour).getByRole('option', { name: '14' })).toBeEnabled();
    expect(within(minute).getByRole('option', { name: '29' })).toBeDisabled();
    expect(within(minute).getByRole('option', { name: '30' })).toBeEnabled();
    // the max day limits the other end
    await user.click(within(dialog).getByRole('button', { name: 'Saturday 20 June 2026' }));
    expect(within(hour).getByRole('option', { name: '09' })).toBeEnabled();
    expect(within(hour).getByRole('option', { name: '10' })).toBeDisabled();
    await user.selectOptions(hour, '8');
    await user.selectOptions(minute, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(value()).toBe('20/06/2026 08:45');
  });

  it('is reachable by keyboard and axe-clean with the calendar open', async () => {
    await i18n.changeLanguage('en');
    const { container } = await renderWithAdmin(<Harness withTime initial="15/06/2026 10:00" />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'When' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Open the calendar' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Monday 15 June 2026' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('combobox', { name: 'Hour' })).toHaveFocus();
    let results: axe.AxeResults | undefined;
    await act(async () => {
      results = await axe.run(container.ownerDocument.body, { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } });
    });
    expect(results!.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(value()).toBe('15/06/2026 10:00');
  });
});
