import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { i18n, loadAreas } from '../i18n/i18n';
import { createI18nProvider } from '../i18n/i18nProvider';
import { clearUserConfigurationCache } from '../dataProvider/userConfigurationCache';
import { server } from './msw';
import { testSession } from './builders';

// What a browser's Blob (and so File) has and jsdom's lacks: text(), arrayBuffer(), bytes() and
// stream(). Node 24's fetch makes blobs and files with the page's (jsdom's) classes and reads a
// file of a FormData through stream(), so without them a response's blob could not be read and an
// uploaded file went out empty.
const bytesOf = (blob: Blob): Uint8Array => {
  const impl = Object.getOwnPropertySymbols(blob).find((symbol) => symbol.description === 'impl');
  const buffer = impl ? (blob as unknown as Record<symbol, { _buffer?: Uint8Array }>)[impl]?._buffer : undefined;
  return new Uint8Array(buffer ?? []);
};
const blobMethods: Partial<Record<'text' | 'arrayBuffer' | 'bytes' | 'stream', (this: Blob) => unknown>> = {
  text() {
    return Promise.resolve(new TextDecoder().decode(bytesOf(this)));
  },
  arrayBuffer() {
    return Promise.resolve(bytesOf(this).slice().buffer);
  },
  bytes() {
    return Promise.resolve(bytesOf(this).slice());
  },
  stream() {
    const bytes = bytesOf(this);
    return new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
  },
};
for (const [name, method] of Object.entries(blobMethods)) {
  if (typeof (Blob.prototype as unknown as Record<string, unknown>)[name] !== 'function') Object.defineProperty(Blob.prototype, name, { value: method, configurable: true, writable: true });
}

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
