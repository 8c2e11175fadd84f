import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script, without types
import { withBuildLock } from '../scripts/ensure-build.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const folder = mkdtempSync(path.join(tmpdir(), 'tessera-build-lock-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** a start's build step: holds the lock `ms` while it "builds", writing when it enters and leaves */
const HOLDER = `
import { appendFileSync } from 'node:fs';
import { withBuildLock } from ${JSON.stringify(path.join(ROOT, 'scripts', 'ensure-build.mjs'))};
const [lock, log, ms] = process.argv.slice(1);
await withBuildLock(lock, async () => {
  appendFileSync(log, 'enter ' + process.pid + ' ' + Date.now() + '\\n');
  await new Promise((resolve) => setTimeout(resolve, Number(ms)));
  appendFileSync(log, 'leave ' + process.pid + ' ' + Date.now() + '\\n');
}, { pollMs: 50, log: () => undefined });
`;

function run(lock: string, log: string, ms: number): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', HOLDER, lock, log, String(ms)], { stdio: 'inherit' });
    child.on('exit', (code) => resolve(code));
  });
}

/**
 * Issue 41: two `npm start` in one checkout race on the build (scripts/ensure-build.mjs). The
 * build step runs under a lock file holding its pid: a second start waits for the first (and then
 * finds the build fresh: ensureSpa/ensureServer check again under the lock); a lock left by a dead
 * pid is taken over.
 */
describe('the build lock of npm start (scripts/ensure-build.mjs)', () => {
  it('two starts at once build one after the other, and the lock is gone after', { timeout: 30_000 }, async () => {
    const lock = path.join(folder, 'a', 'build.lock');
    const log = path.join(folder, 'a.log');
    expect(await Promise.all([run(lock, log, 600), run(lock, log, 600)])).toEqual([0, 0]);
    const lines = readFileSync(log, 'utf8').trim().split('\n').map((line) => line.split(' '));
    expect(lines.map(([what]) => what)).toEqual(['enter', 'leave', 'enter', 'leave']);
    // the same process entered and left, then the other: never both inside
    expect(lines[0][1]).toBe(lines[1][1]);
    expect(lines[2][1]).toBe(lines[3][1]);
    expect(lines[2][1]).not.toBe(lines[0][1]);
    expect(Number(lines[2][2])).toBeGreaterThanOrEqual(Number(lines[1][2]));
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over a lock whose holder died (a killed start), and waits for a live one', { timeout: 30_000 }, async () => {
    const lock = path.join(folder, 'b.lock');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(lock, dead.stdout);
    let ran = false;
    await withBuildLock(lock, async () => {
      ran = true;
      expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    }, { pollMs: 20, log: () => undefined });
    expect(ran).toBe(true);
    expect(existsSync(lock)).toBe(false);

    // a live holder (this test's parent, pid alive): waited for until the wait's bound
    writeFileSync(lock, String(process.ppid));
    await expect(withBuildLock(lock, async () => undefined, { pollMs: 20, waitMs: 200, log: () => undefined })).rejects.toThrow(/held by pid/);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.ppid));
  });
});
