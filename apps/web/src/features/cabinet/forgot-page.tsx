import { normalizeEmail } from '@b2bpay/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { forgotPassword } from '../../shared/api/cabinet-api';
import { usePageMeta } from '../../shared/meta/page-meta';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { Input } from '../../shared/ui/input';
import { emailError } from './cabinet-form';
import { CabinetCard, failureText } from './cabinet-ui';

const linkClass = 'font-medium text-brand-700 underline underline-offset-4';

/** /cabinet/forgot: a link to set a new password, by e-mail; the answer is the same for any address. */
export default function ForgotPage() {
  usePageMeta({ title: 'Восстановление пароля' });
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = useMutation({ mutationFn: () => forgotPassword(normalizeEmail(email)) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    setError(problem);
    if (!problem) submit.mutate();
  };

  if (submit.isSuccess) {
    return (
      <CabinetCard title="Проверьте почту">
        <p role="status" className="text-slate-700">
          Если адрес <span className="font-medium break-all text-slate-900">{normalizeEmail(email)}</span>{' '}
          зарегистрирован, мы отправили на него письмо со ссылкой для нового пароля.
        </p>
        <Link to="/cabinet/login" className={linkClass}>
          Вернуться ко входу
        </Link>
      </CabinetCard>
    );
  }

  return (
    <CabinetCard title="Восстановление пароля">
      <p className="text-slate-700">
        Укажите e-mail, с которым вы входите в кабинет: пришлём ссылку для нового пароля.
      </p>
      {submit.isError && <Alert tone="error">{failureText(submit.error)}</Alert>}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Input
          label="E-mail"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" loading={submit.isPending} loadingText="Отправка...">
          Прислать ссылку
        </Button>
      </form>
      <Link to="/cabinet/login" className={linkClass}>
        Вспомнили пароль? Войти
      </Link>
    </CabinetCard>
  );
}
