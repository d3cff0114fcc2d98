import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import './index.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './app/app-error-boundary';
import { createAppRouter } from './app/router';
import { createQueryClient } from './shared/api/queries';
import { initFromEnv } from './shared/monitoring/error-reporting';
import { ToastProvider } from './shared/ui/toast';

void initFromEnv();

const router = createAppRouter();
const queryClient = createQueryClient();

// "Попробовать снова" must also clear the router's error state, or the same error is rendered again.
function resetRouter() {
  const { pathname, search, hash } = window.location;
  void router.navigate(`${pathname}${search}${hash}`, { replace: true });
}

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing');

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary onReset={resetRouter}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
