import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvFormat } from '../../domain/csv';
import { queryRows, rawDriverOf, registerDriver, type RawDriver } from '../db/client';
import { rowStream } from './row-stream';
import { createTestDb, DRIVERS } from '../test/db';
import { csvColumns, csvDownload, type CsvFile } from './csv-export';
import type { SortKey } from './keyset';

/** The file as written, byte-order mark included (Response.text() would drop it). */
const text = async (stream: ReadableStream<Uint8Array>) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

/**
 * The one CSV writer, on a table of its own: every kind of cell as a spreadsheet of the user's
 * language reads it, formulas neutralised; a nullable key read by batches (PGlite) or by a cursor
 * (PostgreSQL) in the order one ORDER BY gives; the connection given back when the reader stops;
 * and a reader that stops reading holds the server to what the socket buffers take.
 */
describe.each(DRIVERS)('the CSV writer (%s)', (driver) => {
  let db: Awaited<ReturnType<typeof createTestDb>>;

  beforeAll(async () => {
    db = await createTestDb(driver);
    await db.db.execute(sql`CREATE TABLE csv_probe (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text, amount bigint, at timestamptz, day date, state text, rank int)`);
  });
  afterAll(() => db.close());

  const probe = (format: CsvFormat, where: SQL = sql`TRUE`): CsvFile => {
    const c = csvColumns(format);
    return {
      columns: [
        c.text('Name', sql`p.name`),
        c.money('Amount', sql`p.amount`),
        c.dateTime('At', sql`p.at`),
        c.day('Day', sql`p.day`),
        c.words('State', sql`p.state`, { OPEN: format.language === 'it' ? 'Aperto' : 'Open' }),
        c.count('Rank', sql`p.rank`),
      ],
      rows: { from: (condition) => sql`FROM csv_probe p WHERE ${where} AND ${condition}`, key: { column: sql`p.rank`, type: 'integer', nullable: true, id: sql`p.id`, order: 'ASC' } },
      separator: c.separator,
    };
  };

  it('writes every kind of cell for a spreadsheet of the language, formulas neutralised', async () => {
    const names = ['=SUM(A1)', '+39 055', '-x', '@cmd', '\tTab', '\rCR', 'a;b', 'a,b', 'He said "hi"', 'two\nlines', '-12.5', null];
    for (const [i, name] of names.entries()) {
      await db.db.execute(sql`INSERT INTO csv_probe (name, amount, at, day, state, rank)
        VALUES (${name}, ${i === 0 ? -125050 : i * 100}, ${i === 0 ? '2026-03-29T01:00:00Z' : null}, ${i === 0 ? '2026-12-31' : null}, ${i % 2 === 0 ? 'OPEN' : 'ODD'}, ${i + 1})`);
    }
    const it = await text(csvDownload(db.db, probe({ language: 'it', timeZone: 'Europe/Rome' }, sql`p.rank <= 12`)));
    expect(it.startsWith('\uFEFFName;Amount;At;Day;State;Rank\r\n')).toBe(true);
    expect(it.slice(1).split('\r\n').slice(1)).toEqual([
      // 01:00 UTC on 29 March 2026 is 03:00 in Rome (the clocks went forward)
      `'=SUM(A1);-1250,50;29/03/2026 03:00:00;31/12/2026;Aperto;1`,
      `'+39 055;1,00;;;ODD;2`,
      `'-x;2,00;;;Aperto;3`,
      `'@cmd;3,00;;;ODD;4`,
      `'\tTab;4,00;;;Aperto;5`,
      `"'\rCR";5,00;;;ODD;6`,
      `"a;b";6,00;;;Aperto;7`,
      `a,b;7,00;;;ODD;8`,
      `"He said ""hi""";8,00;;;Aperto;9`,
      `"two\nlines";9,00;;;ODD;10`,
      // a plain negative number is data, not a formula
      `-12.5;10,00;;;Aperto;11`,
      `;11,00;;;ODD;12`,
      '',
    ]);
    const en = await text(csvDownload(db.db, probe({ language: 'en', timeZone: 'America/New_York' }, sql`p.rank IN (1, 8)`)));
    expect(en).toBe('\uFEFFName,Amount,At,Day,State,Rank\r\n' + `'=SUM(A1),-1250.50,28/03/2026 21:00:00,31/12/2026,Open,1\r\n` + `"a,b",7.00,,,ODD,8\r\n`);
  });

  it('takes a filter value with quotes and backslashes as a value, not as SQL (PostgreSQL writes it into its COPY)', async () => {
    const tricky = "O'Brien \\ x' OR '1'='1";
    await db.db.execute(sql`INSERT INTO csv_probe (name, rank) VALUES (${tricky}, 500)`);
    const file = await text(csvDownload(db.db, probe({ language: 'en', timeZone: 'UTC' }, sql`p.name = ${tricky} AND p.rank > ${499}`)));
    expect(file.slice(1).split('\r\n').slice(1)).toEqual([`${tricky},,,,,500`, '']);
    const none = await text(csvDownload(db.db, probe({ language: 'en', timeZone: 'UTC' }, sql`p.name = ${"x' OR '1'='1"}`)));
    expect(none.slice(1).split('\r\n').slice(1)).toEqual(['']);
    await db.db.execute(sql`DELETE FROM csv_probe WHERE rank = 500`);
  });

  it('tells onRows how many rows it has written, ending with the file\'s count, and stops with what onRows throws', async () => {
    await db.db.execute(sql`INSERT INTO csv_probe (name, rank) SELECT 'p' || g, 600 FROM generate_series(1, 1200) g`);
    const heard: number[] = [];
    const file = await text(csvDownload(db.db, probe({ language: 'en', timeZone: 'UTC' }, sql`p.rank = 600`), { chunk: 300, onRows: (n) => void heard.push(n) }));
    expect(file.split('\r\n').length - 2).toBe(1200);
    expect(heard.at(-1)).toBe(1200);
    expect(heard).toEqual([...heard].sort((a, b) => a - b));
    const stop = new Error('lease lost');
    await expect(
      text(
        csvDownload(db.db, probe({ language: 'en', timeZone: 'UTC' }, sql`p.rank = 600`), {
          onRows: () => {
            throw stop;
          },
        }),
      ),
    ).rejects.toBe(stop);
    await db.db.execute(sql`DELETE FROM csv_probe WHERE rank = 600`);
  });

  it.each([
    ['ASC', 'largest'],
    ['DESC', 'largest'],
    ['ASC', 'smallest'],
    ['DESC', 'smallest'],
  ] as const)('reads a nullable key %s with nulls %s in the order one ORDER BY gives, whatever the chunk', async (order, nulls) => {
    await db.db.execute(sql`INSERT INTO csv_probe (name, rank) SELECT 'k' || g, CASE WHEN g % 4 = 0 THEN NULL ELSE g % 7 END FROM generate_series(1, 40) g`);
    const key: SortKey = { column: sql`p.rank`, type: 'integer', nullable: true, nulls, id: sql`p.id`, order };
    const read = { values: [sql`p.name`], from: (condition: SQL) => sql`FROM csv_probe p WHERE p.name LIKE 'k%' AND ${condition}`, key };
    const placement = (order === 'ASC') === (nulls === 'largest') ? sql`NULLS LAST` : sql`NULLS FIRST`;
    const expected = (await queryRows<{ name: string }>(db.db, sql`SELECT p.name FROM csv_probe p WHERE p.name LIKE 'k%' ORDER BY p.rank ${sql.raw(order)} ${placement}, p.id ${sql.raw(order)}`)).map((r) => r.name);
    for (const chunk of [1, 3, 7, 100]) {
      const seen: string[] = [];
      for await (const rows of rowStream(db.db, read, { chunk })) seen.push(...rows.map((row) => row[0]!));
      expect(seen).toEqual(expected);
    }
    await db.db.execute(sql`DELETE FROM csv_probe WHERE name LIKE 'k%'`);
  });

  describe('a big file', () => {
    const ROWS = 30_000;
    const WIDE = 'x'.repeat(1400);
    let url: string;
    let app: ReturnType<typeof Fastify>;
    /** rows the database has handed to the export so far (counted on the driver's answers) */
    let read = 0;

    beforeAll(async () => {
      await db.db.execute(sql`INSERT INTO csv_probe (name, amount, rank) SELECT ${WIDE} || g, g, 1000 + g FROM generate_series(1, ${ROWS}) g`);
      app = Fastify();
      const counted = registerDriver(Object.create(db.db) as typeof db.db, countingDriver(rawDriverOf(db.db)!, (rows) => (read += rows)));
      app.get('/file', (_request: unknown, reply: { type(t: string): { send(body: unknown): void } }) => {
        reply.type('text/csv').send(csvDownload(counted, probe({ language: 'it', timeZone: 'UTC' }, sql`p.rank > 1000`)));
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/file`;
    });
    afterAll(() => app.close());

    // what the server has not read it does not hold: a writer that ran ahead of its reader would have the whole file in memory
    it('reads no further than the socket takes while the client does not read, then sends the rest', async () => {
      read = 0;
      const { lines, bytes, heldAt } = await new Promise<{ lines: number; bytes: number; heldAt: number }>((resolve, reject) => {
        http.get(url, (res) => {
          let bytes = 0;
          let lines = 0;
          res.once('data', () => {
            // the client stops reading after the first chunk; once the server has stopped reading rows, it reads on
            res.pause();
            let last = -1;
            const watch = setInterval(() => {
              const now = read;
              if (now !== last) return void (last = now);
              clearInterval(watch);
              res.resume();
              res.on('end', () => resolve({ lines, bytes, heldAt: now }));
            }, 250);
          });
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
          });
          res.on('error', reject);
        });
      });
      expect(lines).toBe(ROWS + 1);
      expect(read).toBe(ROWS);
      // the file is ≈ 43 MB; while the client did not read, the server read no further than the socket's buffers take
      expect(bytes).toBeGreaterThan(40_000_000);
      expect(heldAt).toBeLessThan(ROWS / 4);
    });

    it('gives its connection back when the client goes away', async () => {
      await new Promise<void>((resolve, reject) => {
        const request = http.get(url, (res) => {
          res.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(error)));
      });
      const pool = rawDriverOf(db.db);
      if (pool?.kind === 'postgres') {
        // the COPY ends and its connection leaves the pool (nothing left running, nothing idle in a transaction)
        // (polled up to 20 s: on a loaded machine the server may take seconds to see the client gone; a leak never ends)
        const until = Date.now() + 20_000;
        while (Date.now() < until && (pool.pool.idleCount < pool.pool.totalCount || (await stillReading(db.db)) > 0)) await new Promise((r) => setTimeout(r, 50));
        expect(await stillReading(db.db)).toBe(0);
        expect(pool.pool.idleCount).toBe(pool.pool.totalCount);
      }
      // the database answers at once (PGlite: no transaction left holding its one connection)
      expect(await queryRows<{ one: number }>(db.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    }, 40_000);
  });
});

/** The same driver, counting the rows each read hands back (a cursor's FETCH, a batch's SELECT). */
function countingDriver(driver: RawDriver, count: (rows: number) => void): RawDriver {
  const counting = <T extends object>(target: T, counts: (args: unknown[]) => boolean): T =>
    new Proxy(target, {
      get(object, name) {
        const value = Reflect.get(object, name) as unknown;
        if (name !== 'query' || typeof value !== 'function') return typeof value === 'function' ? value.bind(object) : value;
        return async (...args: unknown[]) => {
          const result = (await value.apply(object, args)) as { rows: unknown[] };
          if (counts(args)) count(result.rows.length);
          return result;
        };
      },
    });
  if (driver.kind === 'pglite') return { kind: 'pglite', client: counting(driver.client, () => true) };
  // PostgreSQL: the rows are the COPY's lines
  return {
    ...driver,
    copyOut(client, statement) {
      const copy = driver.copyOut(client, statement);
      return Object.assign(
        (async function* () {
          for await (const bytes of copy) {
            let lines = 0;
            for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++;
            count(lines);
            yield bytes;
          }
        })(),
        { destroy: (error?: Error) => copy.destroy(error) },
      );
    },
  };
}

async function stillReading(db: Parameters<typeof queryRows>[0]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND (state LIKE 'idle in transaction%' OR (state = 'active' AND query LIKE 'COPY%'))`,
  );
  return row.n;
}
