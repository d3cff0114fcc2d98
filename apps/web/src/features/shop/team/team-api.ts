import type { AuditEntry, AuditList, CabinetRole, Team } from '@b2bpay/domain';
import { DOCUMENTED_ERRORS, request } from '../../../shared/api/http';

/** The shop's team and audit log (DESIGN §12): cabinet calls, on the session only. */

export type { AuditEntry, AuditList, Team, TeamInvitation, TeamMember } from '@b2bpay/domain';
export type AuditActor = AuditEntry['actor'];

const TEAM_ERRORS = [...DOCUMENTED_ERRORS, 403, 409, 410] as const;
const shopPath = (shopId: string) => `/api/cabinet/shops/${encodeURIComponent(shopId)}`;

export function getTeam(shopId: string, signal?: AbortSignal): Promise<Team> {
  return request({ method: 'GET', path: `${shopPath(shopId)}/members`, signal, errorStatuses: TEAM_ERRORS });
}

export function inviteMember(shopId: string, body: { email: string; role: CabinetRole }): Promise<unknown> {
  return request({
    method: 'POST',
    path: `${shopPath(shopId)}/invitations`,
    body,
    errorStatuses: TEAM_ERRORS,
  });
}

export function resendInvitation(shopId: string, invitationId: string): Promise<unknown> {
  return request({
    method: 'POST',
    path: `${shopPath(shopId)}/invitations/${encodeURIComponent(invitationId)}/resend`,
    errorStatuses: TEAM_ERRORS,
  });
}

export function revokeInvitation(shopId: string, invitationId: string): Promise<void> {
  return request({
    method: 'DELETE',
    path: `${shopPath(shopId)}/invitations/${encodeURIComponent(invitationId)}`,
    errorStatuses: TEAM_ERRORS,
  });
}

export function changeRole(shopId: string, userId: string, role: CabinetRole): Promise<unknown> {
  return request({
    method: 'PATCH',
    path: `${shopPath(shopId)}/members/${encodeURIComponent(userId)}`,
    body: { role },
    errorStatuses: TEAM_ERRORS,
  });
}

export function removeMember(shopId: string, userId: string): Promise<void> {
  return request({
    method: 'DELETE',
    path: `${shopPath(shopId)}/members/${encodeURIComponent(userId)}`,
    errorStatuses: TEAM_ERRORS,
  });
}

export function getAudit(
  shopId: string,
  params: { limit: number; startingAfter?: string },
  signal?: AbortSignal,
): Promise<AuditList> {
  return request({
    method: 'GET',
    path: `${shopPath(shopId)}/audit`,
    query: { limit: params.limit, starting_after: params.startingAfter },
    signal,
    errorStatuses: TEAM_ERRORS,
  });
}
