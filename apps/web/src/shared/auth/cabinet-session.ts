import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type CabinetMe, getMe } from '../api/cabinet-api';
import { ApiError } from '../api/http';
import { getSessionCredentials, setSessionCredentials } from '../api/session-credentials';

export const cabinetKeys = {
  me: ['cabinet-me'] as const,
  sessions: ['cabinet-sessions'] as const,
};

/** Keeps the session's CSRF token for the calls that follow, leaving the chosen shop as it is. */
export function adoptSession(me: CabinetMe): void {
  setSessionCredentials({ csrfToken: me.csrf_token, shopId: getSessionCredentials()?.shopId ?? null });
}

/** After log-in, confirmation or an accepted invitation: the answer is who is logged in now. */
export function startSession(queryClient: QueryClient, me: CabinetMe): void {
  setSessionCredentials({ csrfToken: me.csrf_token, shopId: null });
  queryClient.setQueryData(cabinetKeys.me, me);
}

/** After log-out (or a session the server no longer knows): nothing of the old session stays. */
export function endSessionLocally(queryClient: QueryClient): void {
  setSessionCredentials(null);
  queryClient.clear();
}

/** Who is logged in (GET /api/cabinet/me), or null when nobody is (401). */
export async function readMe(signal?: AbortSignal): Promise<CabinetMe | null> {
  try {
    const me = await getMe(signal);
    adoptSession(me);
    return me;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useCabinetMe(enabled = true) {
  return useQuery({ queryKey: cabinetKeys.me, queryFn: ({ signal }) => readMe(signal), enabled });
}
