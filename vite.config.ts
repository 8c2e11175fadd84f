import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { precompressPlugin } from './scripts/precompress.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  // .br/.gz siblings of the build, served as they are by the server (server/plugins/spa.ts)
  plugins: [react(), precompressPlugin()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/identity': apiTarget,
      '/docs': apiTarget,
      '/config.js': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // what the entry imports statically is one file, not thirty (each request costs
            // headers and a round trip on the sign-in page, issue 8)
            { name: 'app', tags: ['$initial'] },
            // (each language's texts are one chunk of their own: src/i18n/texts/<lang>.ts)
          ],
        },
      },
    },
  },
});
