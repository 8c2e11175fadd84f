import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithAdmin } from '../../../test/renderWithAdmin';
import { scheduleError, scheduleInstant } from './schedule';
import { ScheduleField } from './ScheduleField';

function Harness() {
  const [value, setValue] = useState('');
  const [enabled, setEnabled] = useState(true);
  return (
    <>
      <ScheduleField value={value} onChange={setValue} enabled={enabled} onEnabledChange={setEnabled} />
      <output data-testid="instant">{scheduleInstant(value) ?? ''}</output>
    </>
  );
}

/** Issue 14: the schedule of the reloads page shows and takes DD/MM/YYYY HH:mm in the Italian UI (SPEC §9), not the browser's "11/26/2026, 08:00 AM". */
describe('ScheduleField', () => {
  it('takes DD/MM/YYYY HH:mm in the user’s zone and hands the API the instant', async () => {
    await i18n.changeLanguage('it');
    await renderWithAdmin(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Data e ora delle ricariche' });
    expect(input).not.toHaveAttribute('type', 'datetime-local');
    expect(input).toHaveAttribute('placeholder', 'gg/mm/aaaa hh:mm');
    const tomorrow = dayjs().add(1, 'day').hour(8).minute(0).second(0).millisecond(0);
    await userEvent.setup().type(input, tomorrow.format('DDMMYYYYHHmm'));
    expect(input).toHaveValue(tomorrow.format('DD/MM/YYYY HH:mm'));
    expect(screen.getByTestId('instant')).toHaveTextContent(tomorrow.toISOString());
  });

  it('says how to write a time it cannot read once the field is left, and refuses the past', async () => {
    await i18n.changeLanguage('it');
    await renderWithAdmin(<Harness />);
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Data e ora delle ricariche' });
    await user.type(input, '26/11');
    expect(screen.queryByText('Scrivi data e ora come gg/mm/aaaa hh:mm')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Scrivi data e ora come gg/mm/aaaa hh:mm')).toBeInTheDocument();
    expect(scheduleError('01/01/2020 10:00')).toBe('validation.schedulePast');
    expect(scheduleError(dayjs().add(400, 'day').format('DD/MM/YYYY HH:mm'))).toBe('reloads.schedule.tooFar');
  });

  it('opens the calendar on the next minute at the earliest: earlier days and today’s past hours cannot be chosen', async () => {
    await i18n.changeLanguage('en');
    await renderWithAdmin(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const dialog = await screen.findByRole('dialog');
    const soonest = dayjs().add(1, 'minute');
    expect(within(dialog).getByRole('button', { name: soonest.format('dddd D MMMM YYYY') })).toHaveFocus();
    if (soonest.date() > 1) expect(within(dialog).getByRole('button', { name: soonest.subtract(1, 'day').format('dddd D MMMM YYYY') })).toHaveAttribute('aria-disabled', 'true');
    if (soonest.hour() > 0) expect(within(within(dialog).getByRole('combobox', { name: 'Hour' })).getByRole('option', { name: soonest.subtract(1, 'hour').format('HH') })).toBeDisabled();
  });
});
