import { lazy, type ComponentType } from 'react';

const RELOAD_FLAG = 'tessera.chunkReload';

/**
 * React.lazy that reloads the page once when a screen's chunk cannot be loaded (SPEC §2): after
 * a deployment the old chunk names are gone and a reload fetches the new index. A second
 * failure in a row reaches the error page instead of looping.
 */
export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, reload: () => void = () => window.location.reload()) {
  return lazy(async () => {
    try {
      const module = await load();
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
}
