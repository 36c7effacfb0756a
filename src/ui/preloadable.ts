import { createElement, lazy, type ComponentType } from 'react';

/** A lazily loaded component whose code can be fetched ahead of its first render. */
export type Preloadable<P extends object> = ComponentType<P> & {
  /** Fetches the code once (later calls share the first fetch); resolves when the component can render at once. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` that renders without suspending once its code is loaded. A lazy component suspends on its first
 * render even when its module is already in memory, and a Suspense fallback committed in a synchronous render
 * (wouter's navigation is one) holds the page back about 300 ms before React reveals it; preloaded, this one
 * renders the loaded component directly.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed fetch (offline) is tried again by the next call.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(start);
  const Component = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Component, { preload: () => start().then(() => undefined) });
}
