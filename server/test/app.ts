import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { DbHandle, Driver } from '../db/client';
import { createTestDb } from './db';

export interface TestApp {
  app: FastifyInstance;
  db: DbHandle;
  config: AppConfig;
  /** every log line the app wrote, parsed */
  logs: Array<Record<string, unknown>>;
  rawLogs: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  seed?: boolean;
  build?: Omit<BuildOptions, 'db' | 'logStream'>;
  /** reuse a database (several apps on one database) */
  db?: DbHandle;
}

/** A built (not listening) app on a fresh migrated, seeded database, logs captured. */
export async function createTestApp(driver: Driver, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SPA_DIR: path.join(dataDir, 'no-dist'),
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://tessera.test',
    // tests act as a few users, many times a second: the work limits are tested on their own (work-limits.test.ts)
    WORK_MAX_PER_USER: '100000',
    WORK_MAX_PER_COMPANY: '100000',
    MAIL_MAX_PER_USER: '100000',
    MAIL_MAX_PER_COMPANY: '100000',
    MAIL_MAX_PER_RECIPIENT: '100000',
    ...options.env,
  });
  const db = options.db ?? (await createTestDb(driver, options.seed === false ? 'migrated' : 'seeded'));
  const rawLogs: string[] = [];
  const logs: Array<Record<string, unknown>> = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      const line = chunk.toString();
      rawLogs.push(line);
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not JSON: kept in rawLogs only
      }
      done();
    },
  });
  const app = await buildApp(config, { ...options.build, db, logStream });
  return {
    app,
    db,
    config,
    logs,
    rawLogs,
    async close() {
      await app.close();
      if (!options.db) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
