import type { CabinetRole } from '@b2bpay/domain';
import { DOCUMENTED_ERRORS, request } from './http';

/** The personal cabinet's calls (DESIGN §12) that more than one part of the app makes. */

export interface CabinetUser {
  id: string;
  email: string;
  name: string;
}

export interface CabinetShop {
  id: string;
  name: string;
  role: CabinetRole;
}

/** Who is logged in, their shops, and the token their changes must repeat (X-CSRF-Token). */
export interface CabinetMe {
  user: CabinetUser;
  shops: CabinetShop[];
  csrf_token: string;
}

export interface CreatedShop {
  id: string;
  name: string;
  secret_key: string;
  publishable_key: string;
}

export interface CabinetSession {
  id: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

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

export interface SignupBody {
  email: string;
  password: string;
  name: string;
  company: { inn: string; name?: string };
}

export function signup(body: SignupBody): Promise<{ status: string }> {
  return request({ method: 'POST', path: '/api/cabinet/signup', body, errorStatuses: CABINET_ERRORS });
}

export function confirmSignup(token: string): Promise<CabinetMe & { created_shop: CreatedShop }> {
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

export interface InvitationPreview {
  email: string;
  shop: { id: string; name: string };
  role: CabinetRole;
  account_exists: boolean;
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

export function listSessions(signal?: AbortSignal): Promise<{ data: CabinetSession[] }> {
  return request({ method: 'GET', path: '/api/cabinet/sessions', signal, errorStatuses: CABINET_ERRORS });
}

export function endSession(sessionId: string): Promise<void> {
  return request({
    method: 'DELETE',
    path: `/api/cabinet/sessions/${encodeURIComponent(sessionId)}`,
    errorStatuses: CABINET_ERRORS,
  });
}
