import { ROLE_LABELS } from '@b2bpay/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { acceptInvitation, previewInvitation } from '../../shared/api/cabinet-api';
import { ApiError } from '../../shared/api/http';
import { startSession, useCabinetMe } from '../../shared/auth/cabinet-session';
import { usePageMeta } from '../../shared/meta/page-meta';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { Input } from '../../shared/ui/input';
import { LoadingState } from '../../shared/ui/spinner';
import {
  CABINET_TEXTS,
  type FieldErrors,
  hasErrors,
  nameError,
  newPasswordError,
  PASSWORD_MIN_LENGTH,
  serverFieldErrors,
} from './cabinet-form';
import { CabinetCard, failureText, PasswordInput } from './cabinet-ui';

type Field = 'name' | 'password';

/**
 * /cabinet/invite?token=: who invites whom, to which shop and role; a new address gives a name and a
 * password, an existing account its password; then the shop's area opens on the new session.
 */
export default function InvitePage() {
  usePageMeta({ title: 'Приглашение в команду' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const preview = useQuery({
    queryKey: ['cabinet-invitation', token],
    queryFn: () => previewInvitation(token),
    enabled: Boolean(token),
    retry: false,
  });
  // Logged in as the invited address already: the session stands in for the password.
  const me = useCabinetMe(Boolean(preview.data?.account_exists));
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const accept = useMutation({
    mutationFn: (mode: 'new' | 'password' | 'session') =>
      acceptInvitation(
        mode === 'new'
          ? { token, name: name.trim(), password }
          : mode === 'password'
            ? { token, password }
            : { token },
      ),
    onSuccess: (me) => {
      startSession(queryClient, me);
      const shopId = preview.data?.shop.id;
      navigate(shopId ? `/shops/${encodeURIComponent(shopId)}` : '/cabinet', { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        setErrors(serverFieldErrors(error.body, { name: 'name', password: 'password' }));
      }
    },
  });

  if (!token) {
    return (
      <CabinetCard title="Приглашение в команду">
        <Alert tone="error">{CABINET_TEXTS.linkMissing}</Alert>
      </CabinetCard>
    );
  }
  if (preview.isPending) {
    return (
      <CabinetCard title="Приглашение в команду">
        <LoadingState text="Загрузка приглашения..." />
      </CabinetCard>
    );
  }
  if (preview.isError) {
    return (
      <CabinetCard title="Приглашение в команду">
        <Alert tone="error">{failureText(preview.error)}</Alert>
        <p className="text-[15px] text-slate-700">
          Попросите владельца или администратора магазина прислать новое приглашение.
        </p>
      </CabinetCard>
    );
  }

  const invitation = preview.data;
  const isNew = !invitation.account_exists;
  const asSession = !isNew && me.data?.user.email === invitation.email;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (asSession) {
      accept.mutate('session');
      return;
    }
    const next: FieldErrors<Field> = isNew
      ? { name: nameError(name), password: newPasswordError(password) }
      : { password: password === '' ? CABINET_TEXTS.passwordRequired : undefined };
    setErrors(next);
    if (!hasErrors(next)) accept.mutate(isNew ? 'new' : 'password');
  };
  const fieldFailure = accept.error instanceof ApiError && hasErrors(errors);

  return (
    <CabinetCard title="Приглашение в команду">
      <p className="text-slate-700">
        Вас пригласили в команду магазина «
        <span className="font-medium text-slate-900">{invitation.shop.name}</span>» с ролью «
        {ROLE_LABELS[invitation.role]}». Приглашение для{' '}
        <span className="font-medium break-all text-slate-900">{invitation.email}</span>.
      </p>
      <p className="text-slate-700">
        {isNew
          ? 'Придумайте пароль для входа в личный кабинет.'
          : asSession
            ? 'Вы уже вошли с этим адресом: примите приглашение одной кнопкой.'
            : 'У вас уже есть учётная запись: введите её пароль, чтобы принять приглашение.'}
      </p>
      {accept.isError && !fieldFailure && <Alert tone="error">{failureText(accept.error)}</Alert>}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {/* The address is fixed by the invitation; a password manager still learns which account this is. */}
        <input type="hidden" name="username" autoComplete="username" value={invitation.email} />
        {isNew && (
          <Input
            label="Ваше имя"
            name="name"
            autoComplete="name"
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
        {!asSession && (
          <PasswordInput
            label="Пароль"
            name="password"
            autoComplete={isNew ? 'new-password' : 'current-password'}
            hint={isNew ? `Не короче ${PASSWORD_MIN_LENGTH} символов` : undefined}
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        <Button type="submit" loading={accept.isPending} loadingText="Принимаем...">
          Принять приглашение
        </Button>
      </form>
    </CabinetCard>
  );
}
