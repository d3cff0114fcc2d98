import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../shared/config/contacts';
import { buttonClass } from '../../../shared/ui/button';
import { KeyIcon } from '../../../shared/ui/icons';

export const KEY_MISSING_TITLE = 'Нет ключа доступа магазина';

/**
 * How to get into a shop's area: what is missing (the shop's secret key, which the area
 * keeps only for the browser tab) and where it comes from. Shown by every shop page opened without a
 * key and by the /shops page.
 */
export function ShopAccessHelp({
  title = KEY_MISSING_TITLE,
  loggedIn = false,
  returnTo,
}: {
  title?: string;
  /** Someone is logged in, but is not in this shop's team. */
  loggedIn?: boolean;
  /** Where the log-in page sends the user back to. */
  returnTo?: string;
}) {
  const loginPath = returnTo ? `/cabinet/login?next=${encodeURIComponent(returnTo)}` : '/cabinet/login';
  return (
    <section
      aria-labelledby="shop-access-title"
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 sm:p-8"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <KeyIcon size={22} />
        </span>
        <h1 id="shop-access-title" className="text-xl font-semibold text-slate-900 sm:text-2xl">
          {title}
        </h1>
      </div>
      {loggedIn ? (
        <p className="text-slate-700">
          Вы вошли в личный кабинет, но не состоите в команде этого магазина. Выберите магазин в{' '}
          <Link to="/cabinet" className="font-medium text-brand-700 underline underline-offset-4">
            личном кабинете
          </Link>{' '}
          или попросите владельца магазина прислать вам приглашение.
        </p>
      ) : (
        <p className="text-slate-700">
          Войдите в{' '}
          <Link to={loginPath} className="font-medium text-brand-700 underline underline-offset-4">
            личный кабинет
          </Link>{' '}
          по e-mail и паролю или{' '}
          <Link to="/cabinet/signup" className="font-medium text-brand-700 underline underline-offset-4">
            зарегистрируйте магазин
          </Link>
          .
        </p>
      )}
      <p className="text-slate-700">
        Кабинет магазина открывается и по ссылке с секретным ключом магазина (<code>sk_…</code>). Ключ
        хранится только в этой вкладке браузера: в новой вкладке или после выхода ссылку нужно открыть снова.
      </p>
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-slate-700">
        <li>
          Откройте ссылку для входа из письма о подключении магазина — в ней уже есть ключ (
          <code>?token=sk_…</code>).
        </li>
        <li>
          Демо-магазин, чтобы осмотреться в кабинете, открывается по демо-ссылке, которую сервер B2BPay
          показывает при запуске пробной установки (в рабочей установке демо-магазина нет).
        </li>
        <li>
          Ключ потерян или магазин ещё не подключён — напишите нам:{' '}
          <a
            className="font-medium text-brand-700 underline underline-offset-4"
            href={`mailto:${SUPPORT_EMAIL}`}
          >
            {SUPPORT_EMAIL}
          </a>
          .
        </li>
      </ol>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/#contact" className={buttonClass('primary')}>
          Подключить магазин
        </Link>
        <Link to="/shops/api-docs" className={buttonClass('secondary')}>
          Документация API
        </Link>
      </div>
    </section>
  );
}
