import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resetPassword } from '../../shared/api/cabinet-api';
import { ApiError } from '../../shared/api/http';
import { usePageMeta } from '../../shared/meta/page-meta';
import { Alert } from '../../shared/ui/alert';
import { Button, buttonClass } from '../../shared/ui/button';
import {
  CABINET_TEXTS,
  type FieldErrors,
  hasErrors,
  newPasswordError,
  PASSWORD_MIN_LENGTH,
  serverFieldErrors,
} from './cabinet-form';
import { CabinetCard, failureText, PasswordInput } from './cabinet-ui';

type Field = 'password' | 'repeat';

/** /cabinet/reset?token=: a new password; every session of the user ends, so they log in again. */
export default function ResetPage() {
  usePageMeta({ title: 'Смена пароля' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const submit = useMutation({
    mutationFn: () => resetPassword({ token, password }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        setErrors(serverFieldErrors(error.body, { password: 'password' }));
      }
    },
  });

  if (!token) {
    return (
      <CabinetCard title="Смена пароля">
        <Alert tone="error">{CABINET_TEXTS.linkMissing}</Alert>
      </CabinetCard>
    );
  }
  if (submit.isSuccess) {
    return (
      <CabinetCard title="Пароль изменён">
        <Alert tone="success">Пароль изменён. Войдите с новым паролем.</Alert>
        <Link to="/cabinet/login" className={buttonClass('primary')}>
          Войти
        </Link>
      </CabinetCard>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors<Field> = {
      password: newPasswordError(password),
      repeat: repeat !== password ? CABINET_TEXTS.passwordsDiffer : undefined,
    };
    setErrors(next);
    if (!hasErrors(next)) submit.mutate();
  };

  const fieldFailure = submit.error instanceof ApiError && hasErrors(errors);
  return (
    <CabinetCard title="Смена пароля">
      {submit.isError && !fieldFailure && (
        <Alert tone="error">
          {failureText(submit.error)}{' '}
          <Link to="/cabinet/forgot" className="font-medium underline underline-offset-4">
            Запросить новую ссылку
          </Link>
        </Alert>
      )}
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
    </CabinetCard>
  );
}
