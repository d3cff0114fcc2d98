import { type CompanySuggestion, normalizeEmail, validateInn } from '@b2bpay/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { signup } from '../../shared/api/cabinet-api';
import { ApiError } from '../../shared/api/http';
import { usePageMeta } from '../../shared/meta/page-meta';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { MailIcon } from '../../shared/ui/icons';
import { InnField } from '../../shared/ui/inn-field';
import { Input } from '../../shared/ui/input';
import {
  emailError,
  type FieldErrors,
  hasErrors,
  nameError,
  newPasswordError,
  PASSWORD_MIN_LENGTH,
  serverFieldErrors,
} from './cabinet-form';
import { CabinetCard, failureText, PasswordInput } from './cabinet-ui';

type Field = 'email' | 'password' | 'name' | 'inn';

const WIRE_FIELDS: Record<string, Field> = {
  email: 'email',
  password: 'password',
  name: 'name',
  'company.inn': 'inn',
  company: 'inn',
};

const linkClass = 'font-medium text-brand-700 underline underline-offset-4';

function SentNotice({ email }: { email: string }) {
  return (
    <CabinetCard title="Проверьте почту">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <MailIcon size={22} />
        </span>
        <p className="text-slate-700" role="status">
          Мы отправили письмо на <span className="font-medium break-all text-slate-900">{email}</span>.
          Откройте ссылку из письма, чтобы подтвердить адрес и создать магазин. Ссылка действует 24 часа.
        </p>
      </div>
      <p className="text-sm text-slate-600">
        Письма нет несколько минут — проверьте папку «Спам» или{' '}
        <Link to="/cabinet/login" className={linkClass}>
          войдите
        </Link>
        , если уже зарегистрированы.
      </p>
    </CabinetCard>
  );
}

/** /cabinet/signup: e-mail, password, the contact's name and the company's INN (with suggestions). */
export default function SignupPage() {
  usePageMeta({ title: 'Регистрация магазина' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [inn, setInn] = useState('');
  const [company, setCompany] = useState<CompanySuggestion | null>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const submit = useMutation({
    mutationFn: () =>
      signup({
        email: normalizeEmail(email),
        password,
        name: name.trim(),
        company: company && company.inn === inn ? { inn, name: company.value } : { inn },
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400)
        setErrors(serverFieldErrors(error.body, WIRE_FIELDS));
    },
  });

  if (submit.isSuccess) return <SentNotice email={normalizeEmail(email)} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors<Field> = {
      email: emailError(email),
      password: newPasswordError(password),
      name: nameError(name),
      inn: validateInn(inn) ?? undefined,
    };
    setErrors(next);
    if (!hasErrors(next)) submit.mutate();
  };

  const fieldFailure = submit.error instanceof ApiError && hasErrors(errors);
  return (
    <CabinetCard title="Регистрация магазина">
      <p className="text-slate-700">
        Зарегистрируйте магазин, чтобы принимать оплату в рассрочку от компаний. После подтверждения e-mail вы
        получите ключи API и доступ к кабинету магазина.
      </p>
      {submit.isError && !fieldFailure && <Alert tone="error">{failureText(submit.error)}</Alert>}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Input
          label="E-mail"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordInput
          label="Пароль"
          name="password"
          autoComplete="new-password"
          hint={`Не короче ${PASSWORD_MIN_LENGTH} символов`}
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Input
          label="Контактное лицо"
          name="name"
          autoComplete="name"
          placeholder="Имя и фамилия"
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <InnField
          value={inn}
          error={errors.inn}
          onChange={(value) => {
            setInn(value);
            setErrors((current) => ({ ...current, inn: undefined }));
          }}
          onSelect={(suggestion) => {
            setInn(suggestion.inn);
            setCompany(suggestion);
            setErrors((current) => ({ ...current, inn: undefined }));
          }}
        />
        {company && company.inn === inn && (
          <p className="text-[15px] text-slate-700" data-testid="signup-company">
            Организация: <span className="font-medium break-words text-slate-900">{company.value}</span>
          </p>
        )}
        <Button type="submit" loading={submit.isPending} loadingText="Отправка...">
          Зарегистрироваться
        </Button>
      </form>
      <p className="text-[15px] text-slate-700">
        Уже зарегистрированы?{' '}
        <Link to="/cabinet/login" className={linkClass}>
          Войдите
        </Link>
      </p>
    </CabinetCard>
  );
}
