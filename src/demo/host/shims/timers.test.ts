import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostTimer, installNodeTimers } from './timers';

/** A scope whose timers answer numbers, as a browser worker's do, driven by vitest's fake clock. */
function workerScope() {
  vi.useFakeTimers();
  let next = 0;
  const live = new Map<number, ReturnType<typeof setTimeout>>();
  const set = (repeat: boolean) => (callback: () => void, ms?: number) => {
    next += 1;
    live.set(next, repeat ? setInterval(callback, ms) : setTimeout(callback, ms));
    return next;
  };
  const clear = (id?: number) => {
    const timer = live.get(Number(id));
    if (timer !== undefined) clearTimeout(timer);
    live.delete(Number(id));
  };
  return { setTimeout: set(false), setInterval: set(true), clearTimeout: clear, clearInterval: clear } as unknown as typeof globalThis;
}

describe("the demo worker's Node timers (issue 42)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives a browser's numeric timers Node's shape: unref, ref, hasRef, refresh, cleared as objects or as ids", () => {
    const scope = workerScope();
    const restore = installNodeTimers(scope);
    const fired: string[] = [];
    const heartbeat = scope.setInterval(() => fired.push('beat'), 100) as unknown as HostTimer;
    // what server/lib/idempotency.ts does with its lease heartbeat: threw "unref is not a function" before
    expect(heartbeat.unref()).toBe(heartbeat);
    expect(heartbeat.hasRef()).toBe(false);
    expect(heartbeat.ref().hasRef()).toBe(true);
    vi.advanceTimersByTime(250);
    expect(fired).toEqual(['beat', 'beat']);
    scope.clearInterval(heartbeat as never);
    vi.advanceTimersByTime(500);
    expect(fired).toHaveLength(2);

    const once = scope.setTimeout(() => fired.push('once'), 100) as unknown as HostTimer;
    expect(typeof +once).toBe('number');
    vi.advanceTimersByTime(80);
    once.refresh();
    vi.advanceTimersByTime(80);
    expect(fired, 'refresh starts the delay again').not.toContain('once');
    vi.advanceTimersByTime(30);
    expect(fired).toContain('once');

    const cancelled = scope.setTimeout(() => fired.push('cancelled'), 100);
    scope.clearTimeout(+cancelled as never);
    vi.advanceTimersByTime(200);
    expect(fired, 'the browser id clears it too').not.toContain('cancelled');

    expect(installNodeTimers(scope)(), 'installed once').toBeUndefined();
    restore();
    expect(typeof scope.setTimeout(() => undefined, 1)).toBe('number');
  });

  it('leaves timers that are objects already (Node) as they are', () => {
    const nodeLike = { unref: () => nodeLike };
    const setTimer = () => nodeLike;
    const scope = { setTimeout: setTimer, setInterval: setTimer, clearTimeout: () => undefined, clearInterval: () => undefined } as unknown as typeof globalThis;
    installNodeTimers(scope);
    expect(scope.setTimeout).toBe(setTimer);
    expect(scope.setInterval).toBe(setTimer);
  });
});
