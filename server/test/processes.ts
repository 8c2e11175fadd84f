import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** Real server processes for the crash tests: `server/main.ts` as `npm start` runs it (without the SPA build). */
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export interface RunningServer {
  child: ChildProcess;
  base: string;
  output: string[];
}

/** A port nobody listens on now (the OS's choice), for a server a test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a server on `databaseUrl` with `env` on top of the test's environment; resolves once it answers. */
export async function startServerProcess(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const spaDir = path.join(dataDir, 'no-spa');
  mkdirSync(spaDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      // one role unless a test gives the owner's URL (db/least-privilege.test.ts)
      DATABASE_MIGRATION_URL: '',
      DATA_DIR: dataDir,
      SPA_DIR: spaDir,
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_SECRET: 'kill-test-secret-kill-test-secret-0123456789',
      DEMO_DATA: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      if ((await fetch(`${base}/config.js`)).ok) return { child, base, output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGKILL: the process gets no chance to finish or roll anything back itself. */
export function killProcess(server: RunningServer): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Signs in over HTTP as the SPA does (identity provider, then token exchange) and returns the
 * access token. `base`: an instance, or a balancer in front of several.
 */
export async function signInOverHttp(base: string, email: string, password: string): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const signIn = await fetch(`${base}/identity/v1/accounts:signInWithPassword?key=k`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, tenantId: 'tessera', returnSecureToken: true }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const { idToken } = (await signIn.json()) as { idToken: string };
  const exchange = await fetch(`${base}/api/auth/token-exchange`, { method: 'POST', headers: json, body: JSON.stringify({ fireBaseToken: idToken }) });
  if (!exchange.ok) throw new Error(`token exchange answered ${exchange.status}: ${await exchange.text()}`);
  return ((await exchange.json()) as { accessToken: string }).accessToken;
}

export interface Exit {
  /** the exit code; null when a signal ended the process */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** from the signal sent until the process exited */
  ms: number;
}

/** Sends `signal` (SIGTERM: a graceful shutdown) and resolves once the process has exited, with how and how long it took. */
export function terminateProcess(server: RunningServer, signal: NodeJS.Signals = 'SIGTERM'): Promise<Exit> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve({ code: server.child.exitCode, signal: server.child.signalCode, ms: 0 });
    const began = performance.now();
    server.child.once('exit', (code, ended) => resolve({ code, signal: ended, ms: Math.round(performance.now() - began) }));
    server.child.kill(signal);
  });
}
