import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { IconButton, InputAdornment, type TextFieldProps } from '@mui/material';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { useLocaleState } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import { FormTextField } from './FormTextField';
import { DISPLAY_DAY, parseDay } from './localDayBounds';

type FormDateFieldProps = Omit<TextFieldProps, 'name' | 'type'> & {
  name: string;
  /** accessible name of the calendar button */
  calendarLabel: string;
  /** earliest and latest day the calendar offers (YYYY-MM-DD) */
  min?: string;
  max?: string;
};

/**
 * A day typed as DD/MM/YYYY (the form value is that text), with a calendar button. The browser's
 * own date input would show the browser's format (mm/dd/yyyy in an American browser), so it
 * only serves as the hidden calendar.
 */
export function FormDateField({ name, calendarLabel, min, max, ...props }: FormDateFieldProps) {
  const [locale] = useLocaleState();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const picker = useRef<HTMLInputElement>(null);
  const pickedDay = parseDay(String(field.value ?? ''))?.format('YYYY-MM-DD') ?? '';

  return (
    <FormTextField
      {...props}
      name={name}
      placeholder={locale === 'it' ? 'gg/mm/aaaa' : 'dd/mm/yyyy'}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={calendarLabel} onClick={() => picker.current?.showPicker?.()}>
                <CalendarMonthIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                min={min}
                max={max}
                value={pickedDay}
                onChange={(event) => {
                  const day = event.target.value ? dayjs(event.target.value).format(DISPLAY_DAY) : '';
                  field.onChange(day);
                  field.onBlur();
                }}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
