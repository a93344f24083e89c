import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

/** A named export of a module, loaded on first render (React.lazy takes default exports only). */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<ReactPropsOf<M[K]>> }));
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
