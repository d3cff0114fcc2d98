import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import { AppLoading, RootLayout } from './root-layout';
import { RethrowRouteError, RouterErrorPage } from './router-error-page';

/** Pieces of the one route table (router.tsx) that the buyer's table (buyer-routes.tsx) shares. */
export const guarded = { ErrorBoundary: RouterErrorPage } as const;

/** The not-found page: any unknown path, and the bare /shops and /client folders. */
export const notFoundPage = lazyPage(() => import('./not-found-page'));

/** The root route's layout, fallback and error handling, shared by both route trees. */
export const rootRoute = {
  id: 'root',
  Component: RootLayout,
  HydrateFallback: AppLoading,
  ErrorBoundary: RethrowRouteError,
} as const satisfies RouteObject;
