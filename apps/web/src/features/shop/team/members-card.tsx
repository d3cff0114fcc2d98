import { type CabinetRole, canManageRole, formatDateTime, ROLE_LABELS } from '@b2bpay/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '../../../shared/api/http';
import { useShopAccess } from '../../../shared/auth/shop-access';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { useToast } from '../../../shared/ui/toast';
import { RoleSelect } from './role-select';
import {
  changeRole,
  removeMember,
  resendInvitation,
  revokeInvitation,
  type Team,
  type TeamInvitation,
  type TeamMember,
} from './team-api';
import { assignableRoles, teamKeys } from './team-model';

export const TEAM_FAILED = 'Не удалось сохранить изменения. Попробуйте ещё раз.';

function MemberRow({ shopId, member }: { shopId: string; member: TeamMember }) {
  const { role: myRole, user } = useShopAccess();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const manageable = myRole !== null && canManageRole(myRole, member.role);
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.team(shopId) });
  const update = useMutation({
    mutationFn: (role: CabinetRole) => changeRole(shopId, member.user_id, role),
    onSuccess: (_, role) => {
      toast.show(`${member.name || member.email}: роль «${ROLE_LABELS[role]}»`);
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => removeMember(shopId, member.user_id),
    onSuccess: () => {
      setConfirming(false);
      toast.show(`${member.name || member.email} больше не в команде`);
      return refresh();
    },
    onError: () => setConfirming(false),
  });
  const failure = update.error ?? remove.error;
  const isMe = user?.id === member.user_id;

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" data-testid={`member-${member.email}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">
            {member.name || member.email}
            {isMe && <span className="ml-2 text-sm font-normal text-slate-600">это вы</span>}
          </p>
          <p className="text-sm break-all text-slate-600">{member.email}</p>
          <p className="text-sm text-slate-600 tabular-nums">
            В команде с {formatDateTime(member.joined_at)}
          </p>
        </div>
        {manageable ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <RoleSelect
              label={`Роль: ${member.email}`}
              hideLabel
              value={member.role}
              roles={assignableRoles(myRole)}
              disabled={update.isPending}
              onChange={(role) => update.mutate(role)}
            />
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Удалить
            </Button>
          </div>
        ) : (
          <p className="text-[15px] font-medium text-slate-800">{ROLE_LABELS[member.role]}</p>
        )}
      </div>
      {failure && <Alert tone="error">{serverMessage(failure) ?? TEAM_FAILED}</Alert>}
      <ConfirmDialog
        open={confirming}
        title={`Удалить ${member.name || member.email} из команды?`}
        confirmText="Удалить"
        busyText="Удаление..."
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>Все сеансы этого участника завершатся, и он потеряет доступ к магазину.</p>
      </ConfirmDialog>
    </li>
  );
}

function InvitationRow({ shopId, invitation }: { shopId: string; invitation: TeamInvitation }) {
  const { role: myRole } = useShopAccess();
  const queryClient = useQueryClient();
  const toast = useToast();
  const manageable = myRole !== null && canManageRole(myRole, invitation.role);
  const resend = useMutation({
    mutationFn: () => resendInvitation(shopId, invitation.id),
    onSuccess: () => {
      toast.show(`Приглашение отправлено ещё раз на ${invitation.email}`);
      return queryClient.invalidateQueries({ queryKey: teamKeys.team(shopId) });
    },
  });
  const revoke = useMutation({
    mutationFn: () => revokeInvitation(shopId, invitation.id),
    onSuccess: () => {
      toast.show(`Приглашение для ${invitation.email} отозвано`);
      return queryClient.invalidateQueries({ queryKey: teamKeys.team(shopId) });
    },
  });
  const failure = resend.error ?? revoke.error;
  return (
    <li
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0"
      data-testid={`invitation-${invitation.email}`}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium break-all text-slate-900">{invitation.email}</p>
          <p className="text-sm text-slate-600 tabular-nums">
            {ROLE_LABELS[invitation.role]} · действует до {formatDateTime(invitation.expires_at)}
          </p>
        </div>
        {manageable && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              loading={resend.isPending}
              loadingText="Отправка..."
              onClick={() => resend.mutate()}
              aria-label={`Отправить приглашение ещё раз: ${invitation.email}`}
            >
              Отправить ещё раз
            </Button>
            <Button
              variant="danger"
              loading={revoke.isPending}
              loadingText="Отзываем..."
              onClick={() => revoke.mutate()}
              aria-label={`Отозвать приглашение: ${invitation.email}`}
            >
              Отозвать
            </Button>
          </div>
        )}
      </div>
      {failure && <Alert tone="error">{serverMessage(failure) ?? TEAM_FAILED}</Alert>}
    </li>
  );
}

export function MembersCard({ shopId, team }: { shopId: string; team: Team }) {
  return (
    <>
      <Card title="Участники" description="Кто работает с магазином и что каждому доступно.">
        <ul className="flex flex-col divide-y divide-slate-200">
          {team.members.map((member) => (
            <MemberRow key={member.user_id} shopId={shopId} member={member} />
          ))}
        </ul>
      </Card>
      <Card title="Приглашения" description="Приглашения, которые ещё не приняты.">
        {team.invitations.length === 0 ? (
          <p className="text-[15px] text-slate-600">Открытых приглашений нет.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200">
            {team.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} shopId={shopId} invitation={invitation} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
