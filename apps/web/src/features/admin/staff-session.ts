import type { StaffRole } from '@b2bpay/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { ApiError } from '../../shared/api/http';
import { getStaffMe, type StaffSession } from './admin-api';
import { setStaffCsrfToken } from './staff-credentials';

export const staffKeys = {
  me: ['staff-me'] as const,
  leads: ['staff-leads'] as const,
  shops: ['staff-shops'] as const,
  shop: (shopId: string) => ['staff-shop', shopId] as const,
  order: (orderId: string) => ['staff-order', orderId] as const,
  applications: ['staff-applications'] as const,
  banks: ['staff-banks'] as const,
  audit: ['staff-audit'] as const,
};

/** After log-in or a password set: the answer is who is logged in now, and the token to repeat. */
export function startStaffSession(queryClient: QueryClient, session: StaffSession): void {
  setStaffCsrfToken(session.csrf_token);
  queryClient.setQueryData(staffKeys.me, session);
}

/** After log-out (or a session the server no longer knows): nothing of the old session stays. */
export function endStaffSessionLocally(queryClient: QueryClient): void {
  setStaffCsrfToken(null);
  queryClient.clear();
}

/** Who is logged in (GET me), or null when nobody is (401). */
export async function readStaffMe(signal?: AbortSignal): Promise<StaffSession | null> {
  try {
    const session = await getStaffMe(signal);
    setStaffCsrfToken(session.csrf_token);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useStaffMe() {
  return useQuery({ queryKey: staffKeys.me, queryFn: ({ signal }) => readStaffMe(signal) });
}

/** The logged-in staff user, for every page inside the back office's layout (which checks it). */
export const StaffContext = createContext<StaffSession['user'] | null>(null);

export function useStaffUser(): { email: string; role: StaffRole; id: string } {
  const user = useContext(StaffContext);
  if (!user) throw new Error('useStaffUser must be used inside the back office layout');
  return user;
}
