import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { getRuntimeConfig } from '../config/runtimeConfig';

/** The environment of this deployment (config.js `appEnv`), shown in the header and on login. */
export function EnvironmentLabel({ variant = 'header' }: { variant?: 'header' | 'page' }) {
  const translate = useTranslate();
  const { appEnv } = getRuntimeConfig();
  return (
    <Chip
      size="small"
      label={appEnv}
      title={`${translate('app.environment')}: ${appEnv}`}
      data-testid="environment-label"
      sx={
        variant === 'header'
          ? { bgcolor: 'rgba(255,255,255,0.2)', color: 'inherit', fontWeight: 600, textTransform: 'uppercase' }
          : { fontWeight: 600, textTransform: 'uppercase' }
      }
    />
  );
}
