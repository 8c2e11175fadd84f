import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { getRuntimeConfig } from '../config/runtimeConfig';

/** config.js `appEnv` of the demo build (src/demo): its data is generated in the browser. */
export const DEMO_APP_ENV = 'demo';

// dark amber on pale amber: 7.1:1
const DEMO_COLOURS = { bgcolor: '#fff4cc', color: '#6d4c00' };
const TESSERA_RED_DARK = '#8e0000';

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
      sx={{
        fontWeight: 600,
        textTransform: 'uppercase',
        flexShrink: 0,
        // AA contrast (≥ 4.5:1) on the red header and on the login panel alike
        ...(demo ? DEMO_COLOURS : variant === 'header' ? { bgcolor: '#ffffff', color: TESSERA_RED_DARK } : {}),
      }}
    />
  );
}
