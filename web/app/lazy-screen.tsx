/**
 * The screens' lazy loading (every screen is its own chunk): a handle that can load again
 * after a failed chunk, preload, and render a loaded screen without suspending.
 */
import { type ComponentType, lazy, useDeferredValue, useEffect, useState } from "react";
import { Spinner } from "../components/ui/spinner";

/** Lazy screens whose chunk failed to load; a retry loads them afresh. */
const failedScreens = new Set<() => void>();

/**
 * A screen to route to: `current` is what renders while its chunk is not here (a React.lazy,
 * replaced when a failed load is retried).
 */
export interface LazyScreenHandle {
  current: ComponentType;
  /** The screen itself once its chunk has loaded: rendered directly, never suspending. */
  loaded?: ComponentType;
  /** Starts loading the chunk, once (the first screen's, while the session is looked up). */
  preload: () => void;
}

/** React.lazy keeps a failed import for good; this one tries again after `retryFailedScreens`. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreenHandle {
  let preloaded = false;
  const attempt = () =>
    load().then(
      (module) => {
        handle.loaded = module.default;
        return module;
      },
      (error: unknown) => {
        failedScreens.add(() => {
          preloaded = false;
          handle.current = lazy(attempt);
        });
        throw error;
      },
    );
  const handle: LazyScreenHandle = {
    current: lazy(attempt),
    preload: () => {
      // A failed preload is the screen's to show (it loads again, and fails, when rendered).
      if (preloaded) return;
      preloaded = true;
      attempt().catch(() => {});
    },
  };
  return handle;
}

/**
 * A screen bundled with the app itself (the landing dashboard): already loaded, never
 * suspending, nothing to preload. As its own chunk, the dashboard and the two dozen small
 * chunks it shares with other screens were as many requests beside the app's script, each a
 * round trip on a phone's connection before the first paint (docs/performance.md).
 */
export function eagerScreen(screen: ComponentType): LazyScreenHandle {
  return {
    current: screen,
    loaded: screen,
    preload: () => {},
  };
}

/**
 * A screen whose chunk is already here renders at once; only one still loading suspends.
 * React holds back what a suspended screen reveals for up to 300 ms after its spinner showed,
 * and the screen's queries start only once it is shown: the first screen is preloaded
 * (AppRouter) so that it never suspends (docs/performance.md).
 */
export function LazyScreen({ screen }: { screen: LazyScreenHandle }) {
  const Loaded = screen.loaded ?? screen.current;
  // The app's first screen is drawn in a background render after the shell around it, in
  // short slices: shell, screen and its queries starting made one long task on a phone.
  const [first] = useState(() => !firstScreenDrawn);
  const drawn = useDeferredValue(true, !first);
  useEffect(() => {
    if (drawn) firstScreenDrawn = true;
  }, [drawn]);
  return drawn ? <Loaded /> : <ScreenFallback />;
}

/** Whether the app has drawn its first screen (LazyScreen). */
let firstScreenDrawn = false;

export function retryFailedScreens() {
  for (const reset of failedScreens) reset();
  failedScreens.clear();
}

/** The spinner in the page's place while its screen loads. */
export function ScreenFallback() {
  return (
    <div className="flex justify-center p-12">
      <Spinner />
    </div>
  );
}
