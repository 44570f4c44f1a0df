import { type ComponentType, type ReactNode, Suspense, useState } from 'react';
import { retryableLazy } from './retryableLazy';

/**
 * A dialog or drawer whose code is fetched when it first opens rather than with the page behind it
 * (a signed-in page would otherwise carry every dialog it might show). The named export `load`
 * resolves to becomes the default of a lazy component that fetches again after a failure.
 */
export const lazyNamed = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  retryableLazy(async () => ({ default: await load() }));

/**
 * Renders nothing until `open` is first true, then keeps its children mounted, so a lazily loaded
 * dialog is fetched on first use and still animates when it closes.
 */
export const MountOnceOpen = ({ open, children }: { open: boolean; children: ReactNode }) => {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
};
