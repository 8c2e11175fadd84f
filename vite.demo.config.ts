import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The demo build (src/demo): the same SPA on in-memory providers, no server. Relative asset
 * paths and hash routing, so dist-demo/ works from any static file server, at any sub-path.
 */
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('./src/demo'),
  base: './',
  publicDir: here('./public'),
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: { port: 5174 },
  preview: { port: 8282 },
  build: {
    outDir: here('./dist-demo'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
  },
});
