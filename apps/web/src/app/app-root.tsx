import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentProps, StrictMode } from 'react';
import { matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { ToastProvider } from '../shared/ui/toast';
import { AppErrorBoundary } from './app-error-boundary';

export type AppRouter = ComponentProps<typeof RouterProvider>['router'];

/**
 * The whole app's element tree. main.tsx renders it in the browser and the landing pre-render
 * (build/prerender-landing.ts) renders the very same tree to HTML, so hydration finds what it expects.
 */
export function AppRoot({
  router,
  queryClient,
  onReset,
}: {
  router: AppRouter;
  queryClient: QueryClient;
  onReset?: () => void;
}) {
  return (
    <StrictMode>
      <AppErrorBoundary onReset={onReset}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}

/**
 * Loads the lazy route parts that match a path and puts them into the route objects, so a router made
 * afterwards renders that page at once instead of its loading fallback — needed to hydrate
 * pre-rendered HTML and to pre-render it.
 */
export async function loadRouteParts(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const part = await route.lazy();
      Object.assign(route, part, { lazy: undefined });
    }),
  );
}
