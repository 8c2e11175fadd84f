import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithReload } from './lazyWithReload';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p>error page</p> : this.props.children;
  }
}

function renderLazy(Screen: React.ComponentType) {
  render(
    <Boundary>
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>
    </Boundary>,
  );
}

describe('lazyWithReload', () => {
  it('reloads the page once when a chunk fails to load, keeping the spinner', async () => {
    const reload = vi.fn();
    renderLazy(lazyWithReload(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), reload));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(sessionStorage.getItem('tessera.chunkReload')).toBe('1');
  });

  it('shows the error page instead of looping when the chunk fails again after the reload', async () => {
    sessionStorage.setItem('tessera.chunkReload', '1');
    const reload = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLazy(lazyWithReload(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), reload));
    expect(await screen.findByText('error page')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('tessera.chunkReload')).toBeNull();
  });

  it('preload fetches the chunk ahead, once: the render then uses it', async () => {
    const load = vi.fn(async () => ({ default: () => <p>screen</p> }));
    const Screen = lazyWithReload(load);
    Screen.preload();
    Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
    renderLazy(Screen);
    expect(await screen.findByText('screen')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a screen whose code has arrived renders in the first render, without its fallback', async () => {
    const Screen = lazyWithReload(async () => ({ default: () => <p>screen</p> }));
    await Screen.preload();
    renderLazy(Screen);
    expect(screen.getByText('screen')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('a failed preload is tried again by the render, which handles the failure as usual', async () => {
    const reload = vi.fn();
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue({ default: () => <p>screen</p> });
    const Screen = lazyWithReload(load, reload);
    Screen.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    renderLazy(Screen);
    expect(await screen.findByText('screen')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('clears the flag once a chunk loads', async () => {
    sessionStorage.setItem('tessera.chunkReload', '1');
    renderLazy(lazyWithReload(async () => ({ default: () => <p>screen</p> })));
    expect(await screen.findByText('screen')).toBeInTheDocument();
    expect(sessionStorage.getItem('tessera.chunkReload')).toBeNull();
  });
});
