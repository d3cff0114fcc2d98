import type {
  CabinetConfirmed,
  CabinetSession,
  CabinetSessionList,
  CabinetSignup,
  InvitationPreview,
} from '@b2bpay/domain';
import { DOCUMENTED_ERRORS, request } from './http';

/** The personal cabinet's calls (DESIGN §12) that more than one part of the app makes. */

/** The wire types come from the shared contract (packages/domain/src/contract/cabinet.ts). */
export type { CabinetConfirmed, CabinetShop, CabinetUser, InvitationPreview } from '@b2bpay/domain';
/** Who is logged in, their shops, and the token their changes must repeat (X-CSRF-Token). */
export type CabinetMe = CabinetSession;
export type CabinetSessionInfo = CabinetSessionList['data'][number];

const CABINET_ERRORS = [...DOCUMENTED_ERRORS, 403, 409, 410] as const;

export function getMe(signal?: AbortSignal): Promise<CabinetMe> {
  return request<CabinetMe>({
    method: 'GET',
    path: '/api/cabinet/me',
    signal,
    errorStatuses: CABINET_ERRORS,
  });
}

export function login(body: { email: string; password: string }): Promise<CabinetMe> {
  return request<CabinetMe>({
    method: 'POST',
    path: '/api/cabinet/login',
    body,
    errorStatuses: CABINET_ERRORS,
  });
}

export function logout(): Promise<void> {
  return request<void>({ method: 'POST', path: '/api/cabinet/logout', errorStatuses: CABINET_ERRORS });
}

export function signup(body: CabinetSignup): Promise<{ status: string }> {
  return request({ method: 'POST', path: '/api/cabinet/signup', body, errorStatuses: CABINET_ERRORS });
}

export function confirmSignup(token: string): Promise<CabinetConfirmed> {
  return request({
    method: 'POST',
    path: '/api/cabinet/confirm',
    body: { token },
    errorStatuses: CABINET_ERRORS,
  });
}

export function forgotPassword(email: string): Promise<unknown> {
  return request({
    method: 'POST',
    path: '/api/cabinet/password/forgot',
    body: { email },
    errorStatuses: CABINET_ERRORS,
  });
}

export function resetPassword(body: { token: string; password: string }): Promise<void> {
  return request({
    method: 'POST',
    path: '/api/cabinet/password/reset',
    body,
    errorStatuses: CABINET_ERRORS,
  });
}

export function previewInvitation(token: string): Promise<InvitationPreview> {
  return request({
    method: 'POST',
    path: '/api/cabinet/invitations/preview',
    body: { token },
    errorStatuses: CABINET_ERRORS,
  });
}

export function acceptInvitation(body: {
  token: string;
  name?: string;
  password?: string;
}): Promise<CabinetMe> {
  return request({
    method: 'POST',
    path: '/api/cabinet/invitations/accept',
    body,
    errorStatuses: CABINET_ERRORS,
  });
}

export function listSessions(signal?: AbortSignal): Promise<CabinetSessionList> {
  return request({ method: 'GET', path: '/api/cabinet/sessions', signal, errorStatuses: CABINET_ERRORS });
}

export function endSession(sessionId: string): Promise<void> {
  return request({
    method: 'DELETE',
    path: `/api/cabinet/sessions/${encodeURIComponent(sessionId)}`,
    errorStatuses: CABINET_ERRORS,
  });
}
