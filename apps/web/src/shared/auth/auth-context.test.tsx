import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from './auth-context';
import { AUTH_TOKEN_KEY, resolveAuthPass } from './auth-storage';

const passes: Array<{ token: string | null; isInitialized: boolean }> = [];

function Probe() {
  const auth = useAuth();
  passes.push({ token: auth.token, isInitialized: auth.isInitialized });
  return (
    <div>
      <span data-testid="token">{auth.token ?? 'none'}</span>
      <span data-testid="init">{String(auth.isInitialized)}</span>
      <button type="button" onClick={auth.logout}>
        logout
      </button>
    </div>
  );
}

function open(url: URL | string, state?: unknown) {
  const target = new URL(url, 'http://x');
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AuthProvider>
            <Probe />
          </AuthProvider>
        ),
      },
    ],
    { initialEntries: [{ pathname: target.pathname, search: target.search, hash: target.hash, state }] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('auth state (spec §2, §4)', () => {
  it('takes ?token=, stores it under authToken and strips it keeping path, other params, hash and state', () => {
    passes.length = 0;
    const router = open('/shops/s1/all-orders?page=2&token=sk_1&search=5#top', { shopId: 's1' });
    expect(sessionStorage.getItem(AUTH_TOKEN_KEY)).toBe('sk_1');
    const { pathname, search, hash, state } = router.state.location;
    expect({ pathname, search, hash, state }).toEqual({
      pathname: '/shops/s1/all-orders',
      search: '?page=2&search=5',
      hash: '#top',
      state: { shopId: 's1' },
    });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('token')).toHaveTextContent('sk_1');
    expect(screen.getByTestId('init')).toHaveTextContent('true');
    // The pass that took the token from the address set the token but not the flag.
    expect(passes).toContainEqual({ token: 'sk_1', isInitialized: false });
  });

  it('reads a stored token and is initialised', () => {
    sessionStorage.setItem(AUTH_TOKEN_KEY, 'sk_stored');
    open('/shops/s1');
    expect(screen.getByTestId('token')).toHaveTextContent('sk_stored');
    expect(screen.getByTestId('init')).toHaveTextContent('true');
  });

  it('is initialised without a token when none is stored', () => {
    open('/shops/s1');
    expect(screen.getByTestId('token')).toHaveTextContent('none');
    expect(screen.getByTestId('init')).toHaveTextContent('true');
  });

  it('logout clears the token', () => {
    open('/shops/s1?token=sk_2');
    act(() => screen.getByRole('button', { name: 'logout' }).click());
    expect(sessionStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(screen.getByTestId('token')).toHaveTextContent('none');
  });

  it('refuses to be used outside its provider', () => {
    expect(() => render(<Probe />)).toThrow('useAuth must be used within AuthProvider');
  });

  it('resolves one pass from the address or storage', () => {
    expect(resolveAuthPass('?token=a&x=1')).toEqual({ kind: 'from-url', token: 'a', cleanSearch: '?x=1' });
    expect(resolveAuthPass('?token=a')).toEqual({ kind: 'from-url', token: 'a', cleanSearch: '' });
    expect(resolveAuthPass('')).toEqual({ kind: 'from-storage', token: null });
  });
});
