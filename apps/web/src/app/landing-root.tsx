import { StrictMode, useEffect } from 'react';
import LandingPage from '../features/landing/landing-page';
import { metrika } from '../shared/analytics/metrika';
import { trackPageView } from '../shared/monitoring/error-reporting';
import { ToastProvider } from '../shared/ui/toast';
import { AppErrorBoundary } from './app-error-boundary';

/** Reports the landing's page view once hydrated, as the app's PageViewTracker does for its pages. */
function LandingPageView() {
  useEffect(() => {
    metrika.hit('/');
    trackPageView('/');
  }, []);
  return null;
}

/**
 * The element tree of the pre-rendered landing `/`: rendered to HTML at build time
 * (prerender/entry-server.tsx) and hydrated by landing-main.tsx, so both sides must stay the same tree.
 * It is the app's tree without the router, the query cache and the auth context, which the landing
 * does not use: its links are plain links to other documents. Leaving them out keeps React Router and
 * TanStack Query out of the landing's download and hydration (issue 6: total blocking time).
 */
export function LandingRoot() {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <ToastProvider>
          <LandingPageView />
          <LandingPage />
        </ToastProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
