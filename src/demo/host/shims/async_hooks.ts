/**
 * `node:async_hooks` for the browser build, as far as the server's code uses it: the audit
 * context's AsyncLocalStorage (server/db/audit-context.ts). The demo has one user and no
 * continuation tracking in the browser: the store is the one entered last (`run` restores the
 * previous one when its callback returns or its promise settles).
 */
export class AsyncLocalStorage<T> {
  private current: T | undefined;

  getStore(): T | undefined {
    return this.current;
  }

  enterWith(store: T): void {
    this.current = store;
  }

  run<R>(store: T, callback: (...args: unknown[]) => R, ...args: unknown[]): R {
    const previous = this.current;
    this.current = store;
    let result: R;
    try {
      result = callback(...args);
    } catch (err) {
      this.current = previous;
      throw err;
    }
    if (result instanceof Promise) {
      const restore = () => {
        if (this.current === store) this.current = previous;
      };
      result.then(restore, restore);
    } else this.current = previous;
    return result;
  }
}

export default { AsyncLocalStorage };
