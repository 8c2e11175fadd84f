import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The demo build (src/demo): the same SPA, its API answered in the browser by the server's own
 * code in a worker (src/demo/host), on PGlite loaded from the data made by scripts/demo-data.ts.
 * Relative asset paths and hash routing, so dist-demo/ works from any static file server, at
 * any sub-path.
 */
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Where the server's code meets Node: the browser's implementation of the same interface. Each
 * pair is tested to behave alike (server/lib/passwords.test.ts …).
 */
const BROWSER_MODULES: Record<string, string> = {
  [here('./server/lib/passwords.ts')]: here('./server/lib/passwords.wasm.ts'),
};
const BROWSER_PACKAGES: Record<string, string> = {
  '@fastify/multipart': here('./src/demo/host/shims/multipart.ts'),
  'node:util': here('./src/demo/host/shims/util.ts'),
  'node:path': here('./src/demo/host/shims/path.ts'),
  'node:async_hooks': here('./src/demo/host/shims/async_hooks.ts'),
};

function browserHost(): Plugin {
  return {
    name: 'tessera-browser-host',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (BROWSER_PACKAGES[source]) return BROWSER_PACKAGES[source];
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && BROWSER_MODULES[resolved.id] ? BROWSER_MODULES[resolved.id] : null;
    },
  };
}

export default defineConfig({
  root: here('./src/demo'),
  base: './',
  publicDir: here('./public'),
  plugins: [browserHost(), react()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  worker: { format: 'es', plugins: () => [browserHost()] },
  optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  assetsInclude: ['**/*.tar.gz'],
  server: { port: 5174 },
  preview: { port: 8282 },
  build: {
    outDir: here('./dist-demo'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
  },
});
