/**
 * Node's timer objects for the server code in the demo's worker. A browser's `setTimeout` and
 * `setInterval` answer a number; the server's code holds Node's `Timeout` (`.unref()` so that a
 * lease's heartbeat or a shutdown bound never keeps a process alive, `.ref()`, `.hasRef()`,
 * `.refresh()`). Without it, `timer.unref()` throws in the worker (issue 42: every gift-card bulk
 * action answered 500, and its idempotency lease was renewed for as long as the worker lived).
 *
 * Installed once, by api.ts, before anything from server/ loads; where the runtime's timers are
 * already objects (Node), nothing changes. A timer converts to its browser id (`+timer`), so the
 * browser's own `clearTimeout` accepts it too.
 */

type Callback = (...args: unknown[]) => void;
type Ids = { set: (callback: Callback, ms?: number, ...args: unknown[]) => number; clear: (id?: number) => void };

const INSTALLED = Symbol.for('tessera.nodeTimers');

/** A browser timer id with the part of Node's `Timeout` the server's code calls. */
export class HostTimer {
  #referenced = true;
  constructor(
    public id: number,
    private readonly again: () => number,
    private readonly ids: Ids,
  ) {}
  /** A worker has no event loop to keep alive: (un)referencing is remembered, never acted on. */
  ref(): this {
    this.#referenced = true;
    return this;
  }
  unref(): this {
    this.#referenced = false;
    return this;
  }
  hasRef(): boolean {
    return this.#referenced;
  }
  /** starts the delay again from now, with the same callback */
  refresh(): this {
    this.ids.clear(this.id);
    this.id = this.again();
    return this;
  }
  close(): this {
    this.ids.clear(this.id);
    return this;
  }
  [Symbol.toPrimitive](): number {
    return this.id;
  }
}

const idOf = (timer: unknown) => (timer instanceof HostTimer ? timer.id : (timer as number | undefined));

/**
 * Puts Node-like timers on `scope` where its timers answer numbers; idempotent. Answers how to
 * put the runtime's own back (the contract suite runs the host as in a browser, then as in Node).
 */
export function installNodeTimers(scope: typeof globalThis = globalThis): () => void {
  const marked = scope as unknown as Record<symbol, boolean>;
  const nothing = () => undefined;
  if (marked[INSTALLED]) return nothing;
  const own = { setTimeout: scope.setTimeout, clearTimeout: scope.clearTimeout, setInterval: scope.setInterval, clearInterval: scope.clearInterval };
  const native = {
    setTimeout: scope.setTimeout.bind(scope) as unknown as Ids['set'],
    clearTimeout: scope.clearTimeout.bind(scope) as unknown as Ids['clear'],
    setInterval: scope.setInterval.bind(scope) as unknown as Ids['set'],
    clearInterval: scope.clearInterval.bind(scope) as unknown as Ids['clear'],
  };
  const probe = native.setTimeout(() => undefined, 0) as unknown;
  native.clearTimeout(probe as number);
  if (typeof probe !== 'number') return nothing;
  const wrap = (ids: Ids) =>
    ((callback: Callback, ms?: number, ...args: unknown[]) => {
      const start = () => ids.set(callback, ms, ...args);
      return new HostTimer(start(), start, ids);
    }) as unknown;
  const timeouts: Ids = { set: native.setTimeout, clear: native.clearTimeout };
  const intervals: Ids = { set: native.setInterval, clear: native.clearInterval };
  Object.assign(scope, {
    setTimeout: wrap(timeouts),
    setInterval: wrap(intervals),
    clearTimeout: (timer?: unknown) => native.clearTimeout(idOf(timer)),
    clearInterval: (timer?: unknown) => native.clearInterval(idOf(timer)),
  });
  marked[INSTALLED] = true;
  return () => {
    Object.assign(scope, own);
    delete marked[INSTALLED];
  };
}

installNodeTimers();
