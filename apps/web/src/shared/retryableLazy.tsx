import { type ComponentProps, type ComponentType, type JSX, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: the same bound as React's own `lazy`, so any component fits.
type AnyComponent = ComponentType<any>;

/** Bumped whenever failed code may be fetched again: a retry, a refresh, a visit to a page. */
let generation = 0;

/**
 * Lets every lazily loaded component whose code failed to load fetch it again at its next render.
 * Called by the page's error boundary when it is created (a page is visited), retried or refreshed.
 */
export const retryFailedLazies = () => {
  generation += 1;
};

/**
 * `React.lazy` that can try again: React keeps a failed import for good, so a page whose code could
 * not be fetched (the server was down) would fail for ever. A failed import is kept until
 * `retryFailedLazies` is called, so React's own re-render after the failure shows the error (the
 * boundary's "network connection failed" panel); after that call the next render fetches afresh.
 * Swapping in a fresh import at once would let React suspend on it again, and again, and never show
 * the error.
 */
export const retryableLazy = <T extends AnyComponent>(
  factory: () => Promise<{ default: T }>,
): ((props: ComponentProps<T>) => JSX.Element) => {
  let failedAt: number | null = null;
  const make = (): LazyExoticComponent<T> =>
    lazy(() =>
      factory().catch((err: unknown) => {
        failedAt = generation;
        throw err;
      }),
    );
  let current = make();
  return (props: ComponentProps<T>) => {
    if (failedAt !== null && failedAt !== generation) {
      failedAt = null;
      current = make();
    }
    const Current = current as AnyComponent;
    return <Current {...props} />;
  };
};
