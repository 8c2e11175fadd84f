import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import { PASSWORD_CRITERIA, passwordCriteria, passwordLevel, strengthBarWidth, strengthLabelKey } from '../../domain/password';

const LEVEL_COLOURS = ['#b71c1c', '#e65100', '#f9a825', '#7cb342', '#2e7d32'];

/**
 * SPEC §4–§5 strength meter: level = number of satisfied criteria (0–4), bar 25% per level (5%
 * at 0). `onAcceptedChange` receives the password only when all criteria hold, else null.
 */
export function PasswordStrengthMeter({ password, onAcceptedChange }: { password: string; onAcceptedChange?: (value: string | null) => void }) {
  const translate = useTranslate();
  const criteria = passwordCriteria(password);
  const level = passwordLevel(password);
  const accepted = level === PASSWORD_CRITERIA.length ? password : null;

  useEffect(() => {
    onAcceptedChange?.(accepted);
  }, [accepted, onAcceptedChange]);

  const label = translate(`password.strength.${strengthLabelKey(level)}`);
  return (
    <Box sx={{ mt: 0.5, mb: 1 }} data-testid="password-strength">
      <Box
        role="meter"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={level}
        aria-valuetext={label}
        aria-label={translate('password.strength.label', { level: label })}
        sx={{ height: 6, borderRadius: 3, bgcolor: 'grey.200', overflow: 'hidden' }}
      >
        <Box data-testid="password-strength-bar" sx={{ height: '100%', width: `${strengthBarWidth(level)}%`, bgcolor: LEVEL_COLOURS[level], transition: 'width .2s' }} />
      </Box>
      <Typography variant="caption" color="text.secondary">
        {translate('password.strength.label', { level: label })}
      </Typography>
      <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }} spacing={0.25}>
        {PASSWORD_CRITERIA.map((criterion) => (
          <Stack component="li" key={criterion} direction="row" spacing={0.75} alignItems="center" sx={{ color: criteria[criterion] ? 'success.main' : 'text.secondary' }}>
            {criteria[criterion] ? <CheckCircleIcon sx={{ fontSize: 16 }} /> : <RadioButtonUncheckedIcon sx={{ fontSize: 16 }} />}
            <Typography variant="caption">{translate(`password.criteria.${criterion}`, { min: PASSWORD_MIN_LENGTH, smart_count: PASSWORD_MIN_LENGTH })}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
