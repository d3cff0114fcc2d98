import { StrictMode, useEffect } from 'react';
import LandingPage from '../features/landing/landing-page';
import { type StaticMarkup, StaticMarkupProvider } from '../features/landing/static-markup';
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
 * TanStack Query out of the landing's download and hydration (total blocking time).
 *
 * `staticMarkup` is given by the browser entry only: the pre-rendered markup of the parts without
 * behaviour, which then are kept as they are instead of hydrated (features/landing/static-markup.tsx).
 */
export function LandingRoot({ staticMarkup = null }: { staticMarkup?: StaticMarkup | null }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <StaticMarkupProvider value={staticMarkup}>
          <ToastProvider>
            <LandingPageView />
            <LandingPage />
          </ToastProvider>
        </StaticMarkupProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
