import { describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY, adoptTokenFromAddress, resolveAuthPass } from './auth-storage';

function fakeHistory(state: unknown = { idx: 0 }) {
  return { state, replaceState: vi.fn() };
}

describe('adoptTokenFromAddress (the landing, outside the router)', () => {
  it('stores a token from the address and replaces the entry without it, keeping path, other parameters, hash and state', () => {
    const history = fakeHistory({ key: 'k' });
    adoptTokenFromAddress({ pathname: '/', search: '?token=sk_1&utm=x', hash: '#contact' }, history);
    expect(sessionStorage.getItem(AUTH_TOKEN_KEY)).toBe('sk_1');
    expect(history.replaceState).toHaveBeenCalledWith({ key: 'k' }, '', '/?utm=x#contact');
  });

  it('leaves the address and the stored token alone when there is no token in it', () => {
    sessionStorage.setItem(AUTH_TOKEN_KEY, 'sk_old');
    const history = fakeHistory();
    adoptTokenFromAddress({ pathname: '/', search: '?utm=x', hash: '' }, history);
    expect(sessionStorage.getItem(AUTH_TOKEN_KEY)).toBe('sk_old');
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});

describe('resolveAuthPass', () => {
  it('takes a shop key from a shop address', () => {
    expect(resolveAuthPass('?token=sk_1', '/shops/s1')).toEqual({
      kind: 'from-url',
      token: 'sk_1',
      cleanSearch: '',
    });
  });

  it('leaves the single-use token of a cabinet or back-office link where it is, and does not store it as a key', () => {
    for (const path of ['/cabinet/confirm', '/cabinet/reset', '/cabinet/invite', '/admin/set-password']) {
      expect(resolveAuthPass('?token=abc', path)).toEqual({ kind: 'from-storage', token: null });
    }
  });
});
