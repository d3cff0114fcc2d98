import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentProps, StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { ToastProvider } from '../shared/ui/toast';
import { AppErrorBoundary } from './app-error-boundary';

export type AppRouter = ComponentProps<typeof RouterProvider>['router'];

/**
 * The whole app's element tree, rendered by main.tsx. (The pre-rendered landing `/` has its own,
 * smaller tree: landing-root.tsx.)
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
