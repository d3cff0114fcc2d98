import {
  COPYRIGHT,
  PRIVACY_POLICY_URL,
  SUPPORT_EMAIL,
  TELEGRAM_HANDLE,
  TELEGRAM_URL,
} from '../config/contacts';
import { MailIcon, SendIcon } from './icons';

/** Footer of spec §2: copyright, privacy policy PDF (new tab), messenger contact, support e-mail. */
export function SiteFooter() {
  const link =
    'inline-flex min-h-11 items-center gap-2 text-slate-700 hover:text-brand-700 underline-offset-4 hover:underline';
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-[1120px] flex-col gap-2 px-4 py-6 text-sm sm:px-6 md:flex-row md:items-center md:justify-between">
        <p className="text-slate-600">{COPYRIGHT}</p>
        <nav aria-label="Контакты и документы" className="flex flex-col gap-x-6 md:flex-row md:items-center">
          <a href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer" className={link}>
            Политика конфиденциальности
          </a>
          <a href={TELEGRAM_URL} target="_blank" rel="noopener noreferrer" className={link}>
            <SendIcon size={16} />
            Telegram: {TELEGRAM_HANDLE}
          </a>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={link}>
            <MailIcon size={16} />
            {SUPPORT_EMAIL}
          </a>
        </nav>
      </div>
    </footer>
  );
}
