import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { i18n, loadAreas } from '../i18n/i18n';
import { createI18nProvider } from '../i18n/i18nProvider';
import { clearUserConfigurationCache } from '../authProvider/userConfigurationCache';
import { server } from './msw';
import { testSession } from './builders';

await createI18nProvider();
// screens are rendered without the signed-in shell that loads the areas' texts
await loadAreas();

// findBy*/waitFor give a screen 5 s instead of 1 s: on a loaded 2-core CI machine the first
// render of a react-admin screen can take longer than a second, and a miss there is not a bug
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  clearUserConfigurationCache();
  testSession.provider = false;
  // tests assert English texts unless they switch language themselves
  await i18n.changeLanguage('en');
});
afterAll(() => server.close());

await i18n.changeLanguage('en');
