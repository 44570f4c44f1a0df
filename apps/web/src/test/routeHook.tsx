import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/**
 * Renders a hook that reads the address as the element of a route at `path`, opened at `initial`,
 * with a fresh query client; `router()` gives the router to read the address it wrote.
 */
export const renderRouteHook = <R,>(hook: () => R, path: string, initial: string) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let router!: ReturnType<typeof createMemoryRouter>;
  const view = renderHook(hook, {
    wrapper: ({ children }) => {
      router ??= createMemoryRouter([{ path, element: children }], { initialEntries: [initial] });
      return (
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      );
    },
  });
  return { view, router: () => router };
};
