import { normalizeEmail } from '@b2bpay/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { login } from '../../shared/api/cabinet-api';
import { startSession } from '../../shared/auth/cabinet-session';
import { usePageMeta } from '../../shared/meta/page-meta';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { Input } from '../../shared/ui/input';
import { CABINET_TEXTS, emailError, type FieldErrors, hasErrors, safeNext } from './cabinet-form';
import { CabinetCard, failureText, PasswordInput } from './cabinet-ui';

type Field = 'email' | 'password';

const linkClass = 'font-medium text-brand-700 underline underline-offset-4';

/** /cabinet/login: e-mail and password; then the page the user came from, or the cabinet. */
export default function LoginPage() {
  usePageMeta({ title: 'Вход в личный кабинет' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const submit = useMutation({
    mutationFn: () => login({ email: normalizeEmail(email), password }),
    onSuccess: (me) => {
      startSession(queryClient, me);
      navigate(safeNext(params.get('next')) ?? '/cabinet', { replace: true });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors<Field> = {
      email: emailError(email),
      password: password === '' ? CABINET_TEXTS.passwordRequired : undefined,
    };
    setErrors(next);
    if (!hasErrors(next)) submit.mutate();
  };

  return (
    <CabinetCard title="Вход в личный кабинет">
      <p className="text-slate-700">Для сотрудников магазинов, подключённых к B2BPay.</p>
      {submit.isError && <Alert tone="error">{failureText(submit.error)}</Alert>}
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
      <div className="flex flex-col gap-2 text-[15px] text-slate-700">
        <Link to="/cabinet/forgot" className={linkClass}>
          Забыли пароль?
        </Link>
        <p>
          Магазин ещё не подключён?{' '}
          <Link to="/cabinet/signup" className={linkClass}>
            Зарегистрируйтесь
          </Link>
        </p>
      </div>
    </CabinetCard>
  );
}
