/// <reference types="vite/client" />

/** Injected by vite.config.ts from package.json. */
declare const __APP_VERSION__: string;

interface Window {
  /** Runtime settings served by the API server at /config.js (see src/config/runtimeConfig.ts). */
  __TESSERA_CONFIG__?: Partial<import('./config/runtimeConfig').RuntimeConfig>;
}
