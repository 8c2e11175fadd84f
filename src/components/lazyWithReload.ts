import { createElement, lazy, useState, type ComponentType } from 'react';

const RELOAD_FLAG = 'tessera.chunkReload';

/** A lazy screen whose code can be fetched ahead of its first render. */
export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** starts loading the chunk (once); settles when it has arrived or failed (a failure is left for the render to handle) */
  preload(): Promise<void>;
};

/**
 * React.lazy that reloads the page once when a screen's chunk cannot be loaded (SPEC §2): after
 * a deployment the old chunk names are gone and a reload fetches the new index. A second
 * failure in a row reaches the error page instead of looping. `preload()` fetches the chunk
 * before the screen renders (the signed-in shell while the sign-in is answered); a screen whose
 * code has arrived renders it at once, without suspending for a turn (React.lazy would, showing
 * its fallback and rendering the tree around it again).
 */
export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, reload: () => void = () => window.location.reload()): PreloadableComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        sessionStorage.removeItem(RELOAD_FLAG);
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const component = lazy(async () => {
    try {
      return await loadOnce();
    } catch (error) {
      if (!sessionStorage.getItem(RELOAD_FLAG)) {
        sessionStorage.setItem(RELOAD_FLAG, '1');
        reload();
        // keep the spinner until the reload replaces the page
        return new Promise<never>(() => undefined);
      }
      sessionStorage.removeItem(RELOAD_FLAG);
      throw error;
    }
  });
  // chosen once per mount: a screen that started lazy stays lazy (switching would remount it)
  function Screen(props: P) {
    const [ready] = useState(() => loaded);
    return createElement((ready ?? component) as ComponentType<P>, props);
  }
  return Object.assign(Screen, {
    preload() {
      return loadOnce().then(
        () => undefined,
        () => undefined,
      );
    },
  });
}
