import { normalizeEmail } from '@b2bpay/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { Input } from '../../shared/ui/input';
import { staffLogin } from './admin-api';
import { ADMIN_TEXTS } from './admin-texts';
import { useAdminMeta } from './admin-ui';
import { PasswordInput, StaffCard } from './staff-card';
import { loginFailureText, staffEmailError, staffNext } from './staff-form';
import { startStaffSession } from './staff-session';

/** /admin/login: B2BPay's own staff log in by e-mail and password; then the page they came from. */
export default function StaffLoginPage() {
  useAdminMeta('Вход в бэк-офис');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const submit = useMutation({
    mutationFn: () => staffLogin({ email: normalizeEmail(email), password }),
    onSuccess: (session) => {
      startStaffSession(queryClient, session);
      navigate(staffNext(params.get('next')), { replace: true });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      email: staffEmailError(email),
      password: password === '' ? ADMIN_TEXTS.passwordRequired : undefined,
    };
    setErrors(next);
    if (!next.email && !next.password) submit.mutate();
  };

  return (
    <StaffCard title="Вход в бэк-офис">
      <p className="text-slate-700">Для сотрудников B2BPay. Пароль задаётся по ссылке из приглашения.</p>
      {submit.isError && <Alert tone="error">{loginFailureText(submit.error)}</Alert>}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Input
          label="E-mail"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordInput
          label="Пароль"
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" loading={submit.isPending} loadingText="Вход...">
          Войти
        </Button>
      </form>
    </StaffCard>
  );
}
