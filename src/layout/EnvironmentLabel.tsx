import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { getRuntimeConfig } from '../config/runtimeConfig';

/** config.js `appEnv` of the demo build (src/demo): its data is generated in the browser. */
export const DEMO_APP_ENV = 'demo';

/**
 * The environment of this deployment (config.js `appEnv`), shown in the header and on login.
 * The demo says so in words ("Demo data"), so nobody takes its figures for real ones.
 */
export function EnvironmentLabel({ variant = 'header' }: { variant?: 'header' | 'page' }) {
  const translate = useTranslate();
  const { appEnv } = getRuntimeConfig();
  const demo = appEnv === DEMO_APP_ENV;
  return (
    <Chip
      size="small"
      label={demo ? translate('demo.label') : appEnv}
      title={demo ? translate('demo.title') : `${translate('app.environment')}: ${appEnv}`}
      data-testid="environment-label"
      sx={
        variant === 'header'
          ? { bgcolor: demo ? 'warning.main' : 'rgba(255,255,255,0.2)', color: demo ? 'warning.contrastText' : 'inherit', fontWeight: 600, textTransform: 'uppercase' }
          : { fontWeight: 600, textTransform: 'uppercase', ...(demo ? { bgcolor: 'warning.main', color: 'warning.contrastText' } : {}) }
      }
    />
  );
}
