import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { showAlert } from './alert';

type ReactPropsOf<C> = C extends ComponentType<infer P> ? P : never;

/** What a dialog whose code could not be loaded says (the network, or an app updated meanwhile). */
export const DIALOG_LOAD_FAILED = 'This form could not be loaded. Check the connection and try again.';

/**
 * The lazy components whose load failed, each made again on the next opening of a dialog
 * (OnceOpened): React keeps a lazy component's failure for good, and replacing it at once would
 * retry a failing load in a loop.
 */
const toRetry = new Set<() => void>();

/**
 * A named export of a module, loaded on first render (React.lazy takes default exports only), or
 * earlier with `preload()` (true once loaded). A load that failed is tried again on the next
 * opening.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  type Props = ReactPropsOf<M[K]>;
  let loading: Promise<M> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      toRetry.add(() => {
        current = make();
      });
      throw error;
    });
    return loading;
  };
  const make = (): LazyExoticComponent<ComponentType<Props>> =>
    lazy(async () => ({ default: (await get())[name] as ComponentType<Props> }));
  let current = make();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog, at module level
  const Loaded = (props: Props) => {
    const Current = current as ComponentType<Props>;
    return <Current {...(props as Props & object)} />;
  };
  return Object.assign(Loaded, {
    preload: () =>
      get().then(
        () => true,
        () => false,
      ),
  });
}

/**
 * Loads dialogs' code as a page mounts, beside its data, and tells when it has arrived: a dialog
 * mounted closed then (`<OnceOpened open={…} early={loaded}>`) opens at once on a shortcut, and
 * opens as any other, so that closing it gives the focus back where it was.
 */
export function usePreloaded(...dialogs: { preload(): Promise<boolean> }[]): boolean {
  const [loaded, setLoaded] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page mounts
  useEffect(() => {
    let live = true;
    void Promise.all(dialogs.map((dialog) => dialog.preload())).then((all) => {
      if (live && all.every(Boolean)) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

/** A dialog whose code failed to load: it says so and draws nothing, the page goes on. */
class DialogBoundary extends Component<{ children: ReactNode; onError(): void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    showAlert(DIALOG_LOAD_FAILED);
    this.props.onError();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Renders its dialog from the first time `open` (or `early`: mounted closed ahead of use) is
 * true, and keeps it from then on (so its closing transition plays): with lazyNamed, a page shows
 * without the code of the dialogs it may never open. Should that code fail to load, the page
 * stays, an alert says so, and the next opening tries again.
 */
export function OnceOpened({ open, early = false, children }: { open: boolean; early?: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(open || early);
  const [attempt, setAttempt] = useState(0);
  const failed = useRef(false);
  if ((open || early) && !used) setUsed(true);
  useEffect(() => {
    if (open && failed.current) {
      failed.current = false;
      for (const retry of toRetry) retry();
      toRetry.clear();
      setAttempt((n) => n + 1);
    }
  }, [open]);
  if (!used) return null;
  return (
    <DialogBoundary key={attempt} onError={() => (failed.current = true)}>
      <Suspense fallback={null}>{children}</Suspense>
    </DialogBoundary>
  );
}
