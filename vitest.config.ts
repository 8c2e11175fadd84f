import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('0.6.2') },
  test: {
    // both cores (vitest's default leaves one to itself): server files mostly wait on PostgreSQL,
    // and every file has its own database, page and data
    maxWorkers: 2,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    projects: [
      {
        test: {
          name: 'server',
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        define: { __APP_VERSION__: JSON.stringify('0.6.2') },
        test: {
          name: 'spa',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
