import { Box, FormControlLabel, Switch } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { DateTimeInput } from '../../../components/DateTimeInput';
import { browserTimeZone } from '../../../components/csvDownload';
import { maxSchedule, minSchedule, scheduleError, scheduleInstant } from './schedule';

/** A tab's schedule: the switch and the time typed (`field`, for ScheduleField), whether it can be sent (`valid`) and the instant the API receives (`scheduledAt`). */
export function useSchedule() {
  const [enabled, onEnabledChange] = useState(false);
  const [value, onChange] = useState('');
  const valid = !enabled || (value !== '' && scheduleError(value) === null);
  const reset = () => {
    onEnabledChange(false);
    onChange('');
  };
  return { on: enabled, valid, scheduledAt: valid ? scheduleInstant(value) : undefined, reset, field: { enabled, onEnabledChange, value, onChange } };
}

/**
 * SPEC §2/§5: reloads run now, or at a date and time chosen here (DD/MM/YYYY HH:mm typed or
 * picked on the calendar, SPEC §9, with the past disabled), in the user's own time zone. Turning
 * the switch off empties the time: the run goes now.
 */
export function ScheduleField({ value, onChange, enabled, onEnabledChange }: { value: string; onChange: (value: string) => void; enabled: boolean; onEnabledChange: (enabled: boolean) => void }) {
  const translate = useTranslate();
  const [left, setLeft] = useState(false);
  const error = enabled ? (value ? scheduleError(value) : 'validation.required') : null;
  // a half-typed time is not an error yet: the format's message shows once the field is left
  const showError = Boolean(error) && value !== '' && (left || error !== 'validation.dateTimeFormat');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, my: 2 }}>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={enabled}
            onChange={(event) => {
              onEnabledChange(event.target.checked);
              if (!event.target.checked) onChange('');
            }}
          />
        }
        label={translate('reloads.schedule.toggle')}
      />
      {enabled && (
        <DateTimeInput
          withTime
          size="small"
          label={translate('reloads.schedule.at')}
          calendarLabel={translate('reloads.filters.openCalendar')}
          value={value}
          onChange={onChange}
          onBlur={() => setLeft(true)}
          onPicked={() => setLeft(true)}
          min={minSchedule()}
          max={maxSchedule()}
          error={showError}
          helperText={showError && error ? translate(error) : translate('reloads.schedule.zone', { zone: browserTimeZone() })}
          sx={{ width: { xs: '100%', sm: 300 } }}
        />
      )}
    </Box>
  );
}
