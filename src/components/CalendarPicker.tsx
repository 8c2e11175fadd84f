import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, TextField, Typography } from '@mui/material';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';

export interface CalendarPickerProps {
  /** the chosen day (and time), or null */
  value: Dayjs | null;
  /** with hour and minute (a confirm button commits); without, a day commits at once */
  withTime: boolean;
  /** the earliest and latest moment that may be chosen (days before or after are disabled, and the hours and minutes of those days) */
  min?: Dayjs;
  max?: Dayjs;
  onPick: (value: Dayjs) => void;
  onCancel: () => void;
}

const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, i) => i);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);

/** The Monday-first weeks (SPEC §9) that show a month: 4 to 6 rows of 7 days. */
function weeksOf(month: Dayjs): Dayjs[][] {
  const first = month.startOf('month');
  const start = first.subtract((first.day() + 6) % 7, 'day');
  const weeks: Dayjs[][] = [];
  for (let day = start; weeks.length === 0 || day.month() === month.month(); ) {
    weeks.push(Array.from({ length: 7 }, (_, i) => day.add(i, 'day')));
    day = day.add(7, 'day');
  }
  return weeks;
}

/** The first moment of `day` at or after `min` and at or before `max` (a day's time limits). */
function clampTo(day: Dayjs, min?: Dayjs, max?: Dayjs): Dayjs {
  if (min && day.isBefore(min)) return min.second(0).millisecond(0);
  if (max && day.isAfter(max)) return max.second(0).millisecond(0);
  return day;
}

/**
 * A month calendar (weeks start on Monday in every language, SPEC §9) with, for date-times, an
 * hour and a minute: the days outside min…max are disabled, and on the min or max day so are the
 * hours and minutes outside it (SPEC §5). Keyboard: arrows move by a day or a week, Page Up/Down
 * by a month, Home/End to the week's ends, Enter or Space chooses; the focused day is the one
 * tabbable day (roving tabindex), so Tab moves on to the time and the buttons.
 */
export function CalendarPicker({ value, withTime, min, max, onPick, onCancel }: CalendarPickerProps) {
  const translate = useTranslate();
  const titleId = useId();
  const initial = clampTo(value ?? dayjs().second(0).millisecond(0), min, max);
  const [chosen, setChosen] = useState<Dayjs>(initial);
  const [focused, setFocused] = useState<Dayjs>(initial.startOf('day'));
  const [month, setMonth] = useState<Dayjs>(initial.startOf('month'));
  const grid = useRef<HTMLTableElement>(null);
  // the focused day takes the focus when the calendar opens and when the keyboard moves it
  const focusWanted = useRef(true);

  const dayAllowed = (day: Dayjs) => !(min && day.endOf('day').isBefore(min)) && !(max && day.startOf('day').isAfter(max));
  const hourAllowed = (hour: number) => {
    const at = chosen.hour(hour);
    return !(min && at.endOf('hour').isBefore(min)) && !(max && at.startOf('hour').isAfter(max));
  };
  const minuteAllowed = (minute: number) => {
    const at = chosen.minute(minute).second(0);
    return !(min && at.endOf('minute').isBefore(min)) && !(max && at.isAfter(max));
  };

  useEffect(() => {
    if (!focusWanted.current) return;
    focusWanted.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focused, month]);

  const focusDay = (day: Dayjs) => {
    focusWanted.current = true;
    setFocused(day);
    if (!day.isSame(month, 'month')) setMonth(day.startOf('month'));
  };

  const choose = (day: Dayjs) => {
    if (!dayAllowed(day)) return;
    const next = clampTo(chosen.year(day.year()).month(day.month()).date(day.date()), min, max);
    setChosen(next);
    setFocused(day);
    if (!withTime) onPick(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const steps: Record<string, () => Dayjs> = {
      ArrowLeft: () => focused.subtract(1, 'day'),
      ArrowRight: () => focused.add(1, 'day'),
      ArrowUp: () => focused.subtract(1, 'week'),
      ArrowDown: () => focused.add(1, 'week'),
      PageUp: () => focused.subtract(1, 'month'),
      PageDown: () => focused.add(1, 'month'),
      Home: () => focused.subtract((focused.day() + 6) % 7, 'day'),
      End: () => focused.add(6 - ((focused.day() + 6) % 7), 'day'),
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    focusDay(step());
  };

  const shiftMonth = (by: number) => {
    const next = month.add(by, 'month');
    setMonth(next);
    setFocused(clampTo(focused.add(by, 'month'), min?.startOf('day'), max?.startOf('day')));
  };

  const weekdays = weeksOf(month)[0];
  // one day of the shown month is tabbable: the focused one, else the month's first
  const tabbable = focused.isSame(month, 'month') ? focused : month.startOf('month');
  return (
    <Box sx={{ p: 2, width: 320, maxWidth: '100vw' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton size="small" aria-label={translate('dateInput.previousMonth')} onClick={() => shiftMonth(-1)} disabled={Boolean(min && month.subtract(1, 'month').endOf('month').isBefore(min))}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography id={titleId} component="h2" variant="subtitle1" aria-live="polite" sx={{ textTransform: 'capitalize' }}>
          {month.format('MMMM YYYY')}
        </Typography>
        <IconButton size="small" aria-label={translate('dateInput.nextMonth')} onClick={() => shiftMonth(1)} disabled={Boolean(max && month.add(1, 'month').startOf('month').isAfter(max))}>
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Box component="table" ref={grid} role="grid" aria-labelledby={titleId} onKeyDown={onKeyDown} sx={{ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed' }}>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <Box component="th" key={day.day()} scope="col" abbr={day.format('dddd')} sx={{ fontWeight: 'normal', fontSize: '0.75rem', color: 'text.secondary', textTransform: 'capitalize', pb: 0.5 }}>
                {day.format('dd')}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week[0].format('YYYY-MM-DD')}>
              {week.map((day) => {
                const inMonth = day.month() === month.month();
                const selected = day.isSame(chosen, 'day');
                const allowed = dayAllowed(day);
                const isFocused = day.isSame(tabbable, 'day');
                return (
                  <td key={day.date()} role="gridcell" aria-selected={selected} style={{ padding: 0, textAlign: 'center' }}>
                    {inMonth && (
                      <Button
                        size="small"
                        variant={selected ? 'contained' : 'text'}
                        color={selected ? 'primary' : 'inherit'}
                        tabIndex={isFocused ? 0 : -1}
                        aria-label={day.format('dddd D MMMM YYYY')}
                        aria-disabled={!allowed || undefined}
                        aria-current={day.isSame(dayjs(), 'day') ? 'date' : undefined}
                        onClick={() => choose(day)}
                        onFocus={() => !isFocused && setFocused(day)}
                        sx={{ minWidth: 0, width: 36, height: 36, borderRadius: '50%', p: 0, ...(!allowed && { color: 'text.disabled', cursor: 'default' }) }}
                      >
                        {day.date()}
                      </Button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
      {withTime && (
        <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
          <TimePartSelect label={translate('dateInput.hour')} value={chosen.hour()} values={HOURS} allowed={hourAllowed} onChange={(hour) => setChosen(clampTo(chosen.hour(hour), min, max))} />
          <TimePartSelect label={translate('dateInput.minute')} value={chosen.minute()} values={MINUTES} allowed={minuteAllowed} onChange={(minute) => setChosen(clampTo(chosen.minute(minute), min, max))} />
        </Box>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button onClick={onCancel}>{translate('dateInput.cancel')}</Button>
        {withTime && (
          <Button variant="contained" onClick={() => onPick(chosen)}>
            {translate('dateInput.apply')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** An hour or minute picker: a native select whose values outside the allowed span are disabled. */
function TimePartSelect({ label, value, values, allowed, onChange }: { label: string; value: number; values: readonly number[]; allowed: (value: number) => boolean; onChange: (value: number) => void }) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(Number(event.target.value))} slotProps={{ select: { native: true } }} sx={{ flex: 1 }}>
      {values.map((option) => (
        <option key={option} value={option} disabled={!allowed(option)}>
          {pad(option)}
        </option>
      ))}
    </TextField>
  );
}
