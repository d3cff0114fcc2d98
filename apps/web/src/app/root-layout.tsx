import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { PageViewTracker } from '../shared/analytics/page-views';
import { AuthProvider } from '../shared/auth/auth-context';
import { Spinner } from '../shared/ui/spinner';

/** Providers that need the router, the page-view reporter and a slim bar while a route part loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <AuthProvider>
      <PageViewTracker />
      {navigation.state === 'loading' && (
        <div
          className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100"
          role="progressbar"
          aria-label="Загрузка страницы"
        >
          <div className="h-full w-1/3 animate-pulse bg-brand-700" />
        </div>
      )}
      <Outlet />
      <ScrollRestoration />
    </AuthProvider>
  );
}

/**
 * How long a page may take to come before the loading screen shows: one whose script part is there in
 * a moment (the documents preload it) appears by itself, without «Загрузка...» flashing first for a
 * frame (that flash was also the phone's first paint, the page itself a paint later).
 */
export const LOADING_SCREEN_DELAY_MS = 400;

/** The screen while the app's first page loads: empty at first, the spinner once the wait is noticeable. */
export function AppLoading() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), LOADING_SCREEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div role="status" className="flex min-h-screen items-center justify-center gap-3 text-slate-600">
      {shown && (
        <>
          <Spinner className="text-brand-700" />
          <span>Загрузка...</span>
        </>
      )}
    </div>
  );
}
