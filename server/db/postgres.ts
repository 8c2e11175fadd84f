import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { registerDriver, type Db, type DbHandle } from './client';
import * as schema from './schema';

export function openPostgres(url: string, max = 10): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = registerDriver(drizzlePg({ client: pool, schema }) as unknown as Db, { kind: 'postgres', pool, copyOut: (client, statement) => client.query(copyTo(statement)) });
  return { db, driver: 'postgres', pool, pglite: null, close: () => pool.end() };
}
