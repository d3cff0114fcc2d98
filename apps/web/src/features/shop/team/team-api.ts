import type { AuditEntry, AuditList, CabinetRole, Team } from '@b2bpay/domain';
import { DOCUMENTED_ERRORS } from '../../../shared/api/http';
import { callApi } from '../../../shared/api/typed-client';

/** The shop's team and audit log (DESIGN §12): cabinet calls, on the session only. */

export type { AuditEntry, AuditList, Team, TeamInvitation, TeamMember } from '@b2bpay/domain';
export type AuditActor = AuditEntry['actor'];

const TEAM_ERRORS = [...DOCUMENTED_ERRORS, 403, 409, 410] as const;

export function getTeam(shopId: string, signal?: AbortSignal): Promise<Team> {
  return callApi('GET', '/api/cabinet/shops/{id}/members', {
    path: { id: shopId },
    signal,
    errorStatuses: TEAM_ERRORS,
  });
}

export function inviteMember(shopId: string, body: { email: string; role: CabinetRole }): Promise<unknown> {
  return callApi('POST', '/api/cabinet/shops/{id}/invitations', {
    path: { id: shopId },
    body,
    errorStatuses: TEAM_ERRORS,
  });
}

export function resendInvitation(shopId: string, invitationId: string): Promise<unknown> {
  return callApi('POST', '/api/cabinet/shops/{id}/invitations/{invitation_id}/resend', {
    path: { id: shopId, invitation_id: invitationId },
    errorStatuses: TEAM_ERRORS,
  });
}

export async function revokeInvitation(shopId: string, invitationId: string): Promise<void> {
  await callApi('DELETE', '/api/cabinet/shops/{id}/invitations/{invitation_id}', {
    path: { id: shopId, invitation_id: invitationId },
    errorStatuses: TEAM_ERRORS,
  });
}

export function changeRole(shopId: string, userId: string, role: CabinetRole): Promise<unknown> {
  return callApi('PATCH', '/api/cabinet/shops/{id}/members/{user_id}', {
    path: { id: shopId, user_id: userId },
    body: { role },
    errorStatuses: TEAM_ERRORS,
  });
}

export async function removeMember(shopId: string, userId: string): Promise<void> {
  await callApi('DELETE', '/api/cabinet/shops/{id}/members/{user_id}', {
    path: { id: shopId, user_id: userId },
    errorStatuses: TEAM_ERRORS,
  });
}

export function getAudit(
  shopId: string,
  params: { limit: number; startingAfter?: string },
  signal?: AbortSignal,
): Promise<AuditList> {
  return callApi('GET', '/api/cabinet/shops/{id}/audit', {
    path: { id: shopId },
    query: { limit: params.limit, starting_after: params.startingAfter },
    signal,
    errorStatuses: TEAM_ERRORS,
  });
}
