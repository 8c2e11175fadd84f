import { Box, FormControlLabel, Switch, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { browserTimeZone } from '../../giftcards/useGiftCardExport';
import { maxSchedule, minSchedule, scheduleError } from './schedule';

/**
 * SPEC §2/§5: reloads run now, or at a date and time chosen here (the browser's picker, with the
 * past greyed out through `min`), shown and typed in the user's own time zone. Turning the switch
 * off empties the time: the run goes now.
 */
export function ScheduleField({ value, onChange, enabled, onEnabledChange }: { value: string; onChange: (value: string) => void; enabled: boolean; onEnabledChange: (enabled: boolean) => void }) {
  const translate = useTranslate();
  const error = enabled ? (value ? scheduleError(value) : 'validation.required') : null;
  const showError = Boolean(error) && (value !== '' || error !== 'validation.required');
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
        <TextField
          type="datetime-local"
          size="small"
          label={translate('reloads.schedule.at')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={showError}
          helperText={showError && error ? translate(error) : translate('reloads.schedule.zone', { zone: browserTimeZone() })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: minSchedule(), max: maxSchedule(), step: 60 } }}
          sx={{ minWidth: { xs: '100%', sm: 280 } }}
        />
      )}
    </Box>
  );
}
