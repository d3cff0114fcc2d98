import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AuthProvider } from '../shared/auth/auth-context';
import { ToastProvider } from '../shared/ui/toast';

/** Shows where the app navigated to, for assertions. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
      {location.search}
    </div>
  );
}

export interface RenderRouteOptions {
  /** Route pattern, e.g. '/shops/:shopId/generate-qr'. */
  path: string;
  /** The address to open, e.g. '/shops/s1/generate-qr?token=t'. */
  url: string;
  state?: unknown;
  /** More pages of the app beside this one, e.g. where a form sends the user next. */
  routes?: RouteObject[];
  /** Pages inside this one when it is a layout (it renders them in its Outlet). */
  children?: RouteObject[];
}

/** Renders one page inside a memory router with the app's providers (auth, queries without retries, toasts). */
export function renderRoute(
  element: ReactElement,
  { path, url, state, routes = [], children }: RenderRouteOptions,
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [{ path, element, children }, ...routes, { path: '*', element: <LocationProbe /> }],
      },
    ],
    {
      initialEntries: [
        {
          pathname: url.split('?')[0] ?? url,
          search: url.includes('?') ? `?${url.split('?')[1]}` : '',
          state,
        },
      ],
    },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

export interface MockCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Replaces fetch with a handler; returns the list of calls made. */
export function mockFetch(handler: (call: MockCall) => Response | Promise<Response>) {
  const calls: MockCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const call: MockCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
