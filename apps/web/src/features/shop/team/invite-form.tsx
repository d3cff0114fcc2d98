import { CABINET_MESSAGES, type CabinetRole, isValidEmail, normalizeEmail } from '@b2bpay/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, serverMessage } from '../../../shared/api/http';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Input } from '../../../shared/ui/input';
import { useToast } from '../../../shared/ui/toast';
import { RoleSelect } from './role-select';
import { inviteMember } from './team-api';
import { teamKeys } from './team-model';

export const INVITE_TEXTS = {
  emailRequired: 'Укажите e-mail',
  emailInvalid: CABINET_MESSAGES.emailInvalid,
  failed: 'Не удалось отправить приглашение. Попробуйте ещё раз.',
} as const;

/** «Пригласить»: an e-mail and a role the inviter may give; the letter's link is valid 10 days. */
export function InviteForm({ shopId, roles }: { shopId: string; roles: readonly CabinetRole[] }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CabinetRole>(
    roles.includes('manager') ? 'manager' : (roles[0] ?? 'manager'),
  );
  const [error, setError] = useState<string | undefined>();
  const invite = useMutation({
    mutationFn: () => inviteMember(shopId, { email: normalizeEmail(email), role }),
    onSuccess: () => {
      toast.show(`Приглашение отправлено на ${normalizeEmail(email)}`);
      setEmail('');
      return queryClient.invalidateQueries({ queryKey: teamKeys.team(shopId) });
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.field === 'email') setError(serverMessage(failure));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = normalizeEmail(email);
    const problem =
      value === '' ? INVITE_TEXTS.emailRequired : isValidEmail(value) ? undefined : INVITE_TEXTS.emailInvalid;
    setError(problem);
    if (!problem) invite.mutate();
  };

  return (
    <Card title="Пригласить в команду" description="Приглашение придёт письмом и действует 10 дней.">
      {invite.isError && !error && (
        <Alert tone="error" className="mb-4">
          {serverMessage(invite.error) ?? INVITE_TEXTS.failed}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid gap-4 sm:grid-cols-[1fr_14rem_auto] sm:items-start"
      >
        <Input
          label="E-mail сотрудника"
          name="invite-email"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <RoleSelect label="Роль" value={role} roles={roles} onChange={setRole} />
        <Button type="submit" className="sm:mt-7" loading={invite.isPending} loadingText="Отправка...">
          Пригласить
        </Button>
      </form>
    </Card>
  );
}
