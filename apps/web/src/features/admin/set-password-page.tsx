import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, serverMessage } from '../../shared/api/http';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { staffSetPassword } from './admin-api';
import { ADMIN_TEXTS } from './admin-texts';
import { failureText, useAdminMeta } from './admin-ui';
import { PasswordInput, StaffCard } from './staff-card';
import { newPasswordError, PASSWORD_MIN_LENGTH } from './staff-form';
import { startStaffSession } from './staff-session';

/**
 * /admin/set-password?token=: the one-time link the CLI prints for a new staff user. A password of
 * at least 10 characters, twice; the answer is a session, so the back office opens at once.
 */
export default function SetPasswordPage() {
  useAdminMeta('Пароль для бэк-офиса');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const submit = useMutation({
    mutationFn: () => staffSetPassword({ token, password }),
    onSuccess: (session) => {
      startStaffSession(queryClient, session);
      navigate('/admin', { replace: true });
    },
    onError: (error) => {
      // The server names the field for a password it refuses (a leaked one, say): show it there.
      if (error instanceof ApiError && error.field === 'password') {
        setErrors({ password: serverMessage(error) });
      }
    },
  });

  if (!token) {
    return (
      <StaffCard title="Пароль для бэк-офиса">
        <Alert tone="error">{ADMIN_TEXTS.linkMissing}</Alert>
      </StaffCard>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      password: newPasswordError(password),
      repeat: repeat !== password ? ADMIN_TEXTS.passwordsDiffer : undefined,
    };
    setErrors(next);
    if (!next.password && !next.repeat) submit.mutate();
  };

  const fieldFailure = submit.error instanceof ApiError && submit.error.field === 'password';
  return (
    <StaffCard title="Пароль для бэк-офиса">
      <p className="text-slate-700">Придумайте пароль для входа в бэк-офис B2BPay.</p>
      {submit.isError && !fieldFailure && <Alert tone="error">{failureText(submit.error)}</Alert>}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <PasswordInput
          label="Новый пароль"
          name="password"
          autoComplete="new-password"
          hint={`Не короче ${PASSWORD_MIN_LENGTH} символов`}
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordInput
          label="Повторите пароль"
          name="repeat"
          autoComplete="new-password"
          value={repeat}
          error={errors.repeat}
          onChange={(event) => setRepeat(event.target.value)}
        />
        <Button type="submit" loading={submit.isPending} loadingText="Сохранение...">
          Сохранить пароль
        </Button>
      </form>
    </StaffCard>
  );
}
