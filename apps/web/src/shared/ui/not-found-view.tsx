import { Link, useNavigate } from 'react-router';
import { SUPPORT_EMAIL } from '../config/contacts';
import { Button, buttonClass } from './button';
import { ArrowLeftIcon, MailIcon } from './icons';

export const NOT_FOUND_MESSAGE = 'Страница, которую вы ищете, не существует';

/** The not-found screen of spec §2: code 404, a message (overridable), back, home, shops and support. */
export function NotFoundView({ message = NOT_FOUND_MESSAGE }: { message?: string }) {
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="text-6xl font-bold tracking-tight text-brand-700 tabular-nums sm:text-7xl">404</p>
      <h1 className="mt-4 text-xl font-semibold text-slate-900 sm:text-2xl">{message}</h1>
      <p className="mt-2 text-slate-600">Проверьте адрес или вернитесь на предыдущую страницу.</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button variant="primary" onClick={() => navigate(-1)} icon={<ArrowLeftIcon size={18} />}>
          Назад
        </Button>
        <Link to="/" className={buttonClass('secondary')}>
          На главную
        </Link>
        <Link to="/shops" className={buttonClass('secondary')}>
          Для магазинов
        </Link>
      </div>
      <a
        href={`mailto:${SUPPORT_EMAIL}`}
        className="mt-8 inline-flex items-center gap-2 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <MailIcon size={16} />
        Написать в поддержку: {SUPPORT_EMAIL}
      </a>
    </div>
  );
}
