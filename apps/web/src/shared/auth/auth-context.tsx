import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearStoredToken, resolveAuthPass, storeToken } from './auth-storage';

export interface AuthState {
  token: string | null;
  /** True once a pass has read the stored token or found none (never in the pass that took it from the URL). */
  isInitialized: boolean;
  logout: () => void;
  /** Replaces the token (e.g. after the shop rotated its secret key): stored and used from now on. */
  replaceToken: (token: string) => void;
}

const AuthContext = createContext<AuthState | null>(null);

/** Must sit inside the router: it reads the location and replaces the history entry. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(null);
  const [isInitialized, setIsInitialized] = useState(false);

  // A layout effect so that the address is cleaned before the browser paints it.
  useLayoutEffect(() => {
    const pass = resolveAuthPass(location.search, location.pathname);
    if (pass.kind === 'from-url') {
      storeToken(pass.token);
      setToken(pass.token);
      // Through the router, which calls history.replaceState: the entry is replaced, path, hash and
      // navigation state kept, and the router's own idea of the address stays in step.
      navigate(
        { pathname: location.pathname, search: pass.cleanSearch, hash: location.hash },
        { replace: true, state: location.state },
      );
      return;
    }
    setToken(pass.token);
    setIsInitialized(true);
  }, [location.search, location.pathname, location.hash, location.state, navigate]);

  const logout = useCallback(() => {
    clearStoredToken();
    setToken(null);
  }, []);

  const replaceToken = useCallback((next: string) => {
    storeToken(next);
    setToken(next);
  }, []);

  const value = useMemo(
    () => ({ token, isInitialized, logout, replaceToken }),
    [token, isInitialized, logout, replaceToken],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within AuthProvider');
  return value;
}
