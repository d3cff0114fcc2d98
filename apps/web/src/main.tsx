import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import './index.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot, loadRouteParts } from './app/app-root';
import { createAppRouter, routes } from './app/router';
import { createQueryClient } from './shared/api/queries';
import { initFromEnv } from './shared/monitoring/error-reporting';

void initFromEnv();

const queryClient = createQueryClient();
let router: ReturnType<typeof createAppRouter> | null = null;

// "Попробовать снова" must also clear the router's error state, or the same error is rendered again.
function resetRouter() {
  const { pathname, search, hash } = window.location;
  void router?.navigate(`${pathname}${search}${hash}`, { replace: true });
}

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing');

if (container.firstElementChild) {
  // `/` arrives pre-rendered (build/prerender-landing.ts): load its route part first, so that the
  // first render is the page already in the HTML, then hydrate it. As a transition, hydration is done
  // in small interruptible slices instead of one long task that would block the first taps.
  void loadRouteParts(routes, window.location.pathname).then(() => {
    const appRouter = createAppRouter();
    router = appRouter;
    startTransition(() => {
      hydrateRoot(container, <AppRoot router={appRouter} queryClient={queryClient} onReset={resetRouter} />);
    });
  });
} else {
  router = createAppRouter();
  createRoot(container).render(<AppRoot router={router} queryClient={queryClient} onReset={resetRouter} />);
}
