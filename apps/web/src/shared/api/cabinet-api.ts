import type {
  CabinetConfirmed,
  CabinetSession,
  CabinetSessionList,
  CabinetSignup,
  InvitationPreview,
} from '@b2bpay/domain';
import { DOCUMENTED_ERRORS } from './http';
import { callApi } from './typed-client';

/** The personal cabinet's calls (DESIGN §12) that more than one part of the app makes. */

/** The wire types come from the shared contract (packages/domain/src/contract/cabinet.ts). */
export type { CabinetConfirmed, CabinetShop, CabinetUser, InvitationPreview } from '@b2bpay/domain';
/** Who is logged in, their shops, and the token their changes must repeat (X-CSRF-Token). */
export type CabinetMe = CabinetSession;
export type CabinetSessionInfo = CabinetSessionList['data'][number];

const CABINET_ERRORS = [...DOCUMENTED_ERRORS, 403, 409, 410] as const;

export function getMe(signal?: AbortSignal): Promise<CabinetMe> {
  return callApi('GET', '/api/cabinet/me', {
    signal,
    errorStatuses: CABINET_ERRORS,
  });
}

export function login(body: { email: string; password: string }): Promise<CabinetMe> {
  return callApi('POST', '/api/cabinet/login', {
    body,
    errorStatuses: CABINET_ERRORS,
  });
}

export async function logout(): Promise<void> {
  await callApi('POST', '/api/cabinet/logout', { errorStatuses: CABINET_ERRORS });
}

export function signup(body: CabinetSignup): Promise<{ status: string }> {
  return callApi('POST', '/api/cabinet/signup', { body, errorStatuses: CABINET_ERRORS });
}

export function confirmSignup(token: string): Promise<CabinetConfirmed> {
  return callApi('POST', '/api/cabinet/confirm', {
    body: { token },
    errorStatuses: CABINET_ERRORS,
  });
}

export function forgotPassword(email: string): Promise<unknown> {
  return callApi('POST', '/api/cabinet/password/forgot', {
    body: { email },
    errorStatuses: CABINET_ERRORS,
  });
}

export async function resetPassword(body: { token: string; password: string }): Promise<void> {
  await callApi('POST', '/api/cabinet/password/reset', { body, errorStatuses: CABINET_ERRORS });
}

export function previewInvitation(token: string): Promise<InvitationPreview> {
  return callApi('POST', '/api/cabinet/invitations/preview', {
    body: { token },
    errorStatuses: CABINET_ERRORS,
  });
}

export function acceptInvitation(body: {
  token: string;
  name?: string;
  password?: string;
}): Promise<CabinetMe> {
  return callApi('POST', '/api/cabinet/invitations/accept', {
    body,
    errorStatuses: CABINET_ERRORS,
  });
}

export function listSessions(signal?: AbortSignal): Promise<CabinetSessionList> {
  return callApi('GET', '/api/cabinet/sessions', { signal, errorStatuses: CABINET_ERRORS });
}

export async function endSession(sessionId: string): Promise<void> {
  await callApi('DELETE', '/api/cabinet/sessions/{id}', {
    path: { id: sessionId },
    errorStatuses: CABINET_ERRORS,
  });
}
