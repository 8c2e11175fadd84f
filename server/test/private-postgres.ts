import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './processes';

/**
 * A throwaway PostgreSQL cluster of a test's own, for the tests that restart, stop or crash the
 * database (db/faults.test.ts): the shared test server (TEST_DATABASE_URL) is everyone's and is
 * never touched. initdb into a temporary folder, started on a free port with fsync off, trust
 * authentication as `postgres` on 127.0.0.1. The binaries are found as .ci/run finds them
 * (/usr/lib/postgresql/<version>/bin, else on the PATH); as root they run as the `postgres` user,
 * which owns the folder (PostgreSQL refuses to run as root).
 */
export interface PrivatePostgres {
  port: number;
  /** the superuser's URL of database `postgres` */
  url: string;
  /** `database`'s URL on this cluster (the same superuser) */
  urlOf(database: string): string;
  /** `pg_ctl restart -m fast`: every connection is ended, the server is back when this resolves */
  restart(): Promise<void>;
  /** `pg_ctl stop` (`fast` by default) */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl start`, waiting until it accepts connections (retried while a crashed cluster's backends are still exiting) */
  start(): Promise<void>;
  /** SIGKILL to the postmaster (pid from postmaster.pid): a crash, no shutdown at all; resolves once its backends are gone */
  killPostmaster(): Promise<void>;
  /** pg_terminate_backend of every other connection to `database`; answers how many were ended */
  terminateBackends(database: string): Promise<number>;
  /** stops the cluster (immediate) and removes its folder */
  remove(): Promise<void>;
}

/** The folder of PostgreSQL's server binaries, as .ci/run finds it. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) if (existsSync(path.join(root, version, 'bin', 'initdb'))) return path.join(root, version, 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) if (dir && existsSync(path.join(dir, 'initdb'))) return dir;
  return null;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(bin: string, command: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout: timeoutMs }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve(stdout);
    });
  });
}


const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pids of processes whose parent is `parent` (Linux /proc). */
function childrenOf(parent: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Creates and starts a cluster. `settings`: more `-c name=value` for the server. */
export async function startPrivatePostgres(settings: Record<string, string | number> = {}): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL binaries (initdb) found');
  const root = mkdtempSync(path.join(tmpdir(), 'tessera-pg-'));
  const data = path.join(root, 'data');
  if (asRoot) {
    const id = (flag: string) => new Promise<number>((resolve, reject) => execFile('id', [flag, 'postgres'], (e, out) => (e ? reject(e) : resolve(Number(out.trim())))));
    chownSync(root, await id('-u'), await id('-g'));
  }
  chmodSync(root, 0o700);
  await run(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = [`-p ${port}`, `-k ${root}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c max_connections=100', ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
  const log = path.join(root, 'log');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;

  async function start(): Promise<void> {
    // after a SIGKILLed postmaster its backends may still hold the shared memory a moment
    for (let attempt = 1; ; attempt++) {
      try {
        await run(bin!, 'pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '30', 'start']);
        return;
      } catch (err) {
        if (attempt >= 10) throw err;
        await pause(300);
      }
    }
  }
  const stop = async (mode: 'smart' | 'fast' | 'immediate' = 'fast') => void (await run(bin, 'pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']));
  const restart = async () => void (await run(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', log, '-m', 'fast', '-w', '-t', '30', 'restart']));

  async function killPostmaster(): Promise<void> {
    const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const backends = childrenOf(pid);
    process.kill(pid, 'SIGKILL');
    // its children notice the postmaster's death and exit on their own; wait for them (the next start needs the shared memory free)
    const deadline = Date.now() + 20_000;
    while ((alive(pid) || backends.some(alive)) && Date.now() < deadline) await pause(50);
  }

  async function terminateBackends(database: string): Promise<number> {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const { rows } = await client.query<{ ended: number }>(
        'SELECT count(*)::int AS ended FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()) t',
        [database],
      );
      return rows[0]?.ended ?? 0;
    } finally {
      await client.end();
    }
  }

  async function remove(): Promise<void> {
    await run(bin!, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  }

  await start();
  return { port, url, urlOf, restart, stop, start, killPostmaster, terminateBackends, remove };
}
