import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * A named export of a module, loaded on first render (React.lazy takes default exports only), or
 * earlier with `preload()`. A load that failed (the network) is tried again the next time.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  let loading: Promise<M> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Component = lazy(async () => ({ default: (await get())[name] as ComponentType<ReactPropsOf<M[K]>> }));
  return Object.assign(Component, { preload: () => void get().catch(() => {}) });
}

/**
 * Loads dialogs' code once the browser is idle after the page has drawn what it shows (`ready`:
 * an idle moment while its data is on its way would put that code's evaluation in front of the
 * data's render): the page shows without it, and the first opening (a shortcut at the counter)
 * does not wait for it. True from then on:
 * a dialog mounted closed at that moment (`<OnceOpened open={idle || open}>`) opens later as
 * any other, so that closing it gives the focus back where it was.
 */
export function usePreloadWhenIdle(ready: boolean, ...dialogs: { preload(): void }[]): boolean {
  const [idle, setIdle] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when ready
  useEffect(() => {
    if (!ready || idle) return;
    const run = () => {
      for (const dialog of dialogs) dialog.preload();
      setIdle(true);
    };
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(run, 500);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [ready]);
  return idle;
}

type ReactPropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * Renders its dialog from the first time `open` is true, and keeps it from then on (so its
 * closing transition plays): with lazyNamed, a page shows without the code of the dialogs it may
 * never open.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used && !open) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
