import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { IconButton, InputAdornment, Popover, TextField, type TextFieldProps } from '@mui/material';
import type { Dayjs } from 'dayjs';
import { forwardRef, useId, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { CalendarPicker } from './CalendarPicker';
import { DISPLAY_DAY, DISPLAY_DAY_TIME, maskDayInput, parseDay, parseDayTime } from './localDayBounds';

export type DateTimeInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** the text as shown: DD/MM/YYYY, or DD/MM/YYYY HH:mm with `withTime` */
  value: string;
  onChange: (text: string) => void;
  /** a date and a time (DD/MM/YYYY HH:mm); default a day (DD/MM/YYYY) */
  withTime?: boolean;
  /** accessible name of the calendar button */
  calendarLabel: string;
  /** the earliest and latest moment the calendar offers (SPEC §5: with time limits on those days) */
  min?: Dayjs;
  max?: Dayjs;
  /** called after a day (and time) was chosen on the calendar, e.g. to mark the field touched */
  onPicked?: () => void;
};

/**
 * The one date and date-time input of the app (SPEC §9): it shows and takes DD/MM/YYYY, or
 * DD/MM/YYYY HH:mm, in every language, instead of the browser's own format (a native date input
 * of an American browser shows "11/26/2026, 08:00 AM" in the Italian UI). The text is typed
 * (separators are added as one types) or chosen on a Monday-first calendar with min and max.
 * The value is the text: `parseDay` / `parseDayTime` read it, in the user's time zone.
 */
export const DateTimeInput = forwardRef<HTMLDivElement, DateTimeInputProps>(function DateTimeInput(
  { value, onChange, withTime = false, calendarLabel, min, max, onPicked, slotProps, onBlur, ...props },
  ref,
) {
  const translate = useTranslate();
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const parsed = withTime ? parseDayTime(value) : parseDay(value);
  const format = withTime ? DISPLAY_DAY_TIME : DISPLAY_DAY;

  return (
    <>
      <TextField
        {...props}
        ref={ref}
        value={value}
        onChange={(event) => onChange(maskDayInput(value, event.target.value, withTime))}
        onBlur={onBlur}
        placeholder={translate(withTime ? 'dateInput.dayTimePlaceholder' : 'dateInput.dayPlaceholder')}
        slotProps={{
          ...slotProps,
          inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) },
          htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: format.length, ...(slotProps?.htmlInput as object) },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  ref={anchor}
                  size="small"
                  edge="end"
                  aria-label={calendarLabel}
                  aria-haspopup="dialog"
                  aria-expanded={open}
                  aria-controls={open ? popoverId : undefined}
                  onClick={() => setOpen(true)}
                >
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        id={popoverId}
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': calendarLabel } }}
      >
        <CalendarPicker
          value={parsed}
          withTime={withTime}
          min={min}
          max={max}
          onCancel={() => setOpen(false)}
          onPick={(picked) => {
            onChange(picked.format(format));
            setOpen(false);
            onPicked?.();
          }}
        />
      </Popover>
    </>
  );
});
