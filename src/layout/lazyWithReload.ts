import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const RELOAD_FLAG = 'tessera.chunkReload';

/** A lazy screen whose code can be fetched ahead of its first render. */
export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** starts loading the chunk (once); a failure is left for the render to handle */
  preload(): void;
};

/**
 * React.lazy that reloads the page once when a screen's chunk cannot be loaded (SPEC §2): after
 * a deployment the old chunk names are gone and a reload fetches the new index. A second
 * failure in a row reaches the error page instead of looping. `preload()` fetches the chunk
 * before the screen renders (the signed-in shell while the sign-in is answered), and the render
 * then finds it loaded.
 */
export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, reload: () => void = () => window.location.reload()): PreloadableComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const component = lazy(async () => {
    try {
      const module = await loadOnce();
      sessionStorage.removeItem(RELOAD_FLAG);
      return module;
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
  return Object.assign(component, {
    preload() {
      loadOnce().catch(() => undefined);
    },
  });
}
