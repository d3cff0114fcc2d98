import { CONSENT_DOCUMENTS } from '@b2bpay/domain';
import { GOALS, reachGoal } from '../../../shared/analytics/metrika';
import {
  AGREEMENT_URL,
  COPYRIGHT,
  PRIVACY_POLICY_URL,
  SUPPORT_EMAIL,
  TELEGRAM_HANDLE,
  TELEGRAM_URL,
} from '../../../shared/config/contacts';
import { Logo } from '../../../shared/ui/logo';
import { FOOTER, NAV_LINKS } from '../content';
import { onSectionLinkClick } from './header';

const linkClass =
  'inline-flex min-h-11 items-center py-2 text-[15px] leading-snug text-slate-700 underline-offset-4 ' +
  'hover:text-brand-700 hover:underline';

const documents = [
  { href: PRIVACY_POLICY_URL, label: 'Политика конфиденциальности' },
  { href: AGREEMENT_URL, label: 'Пользовательское соглашение' },
  { href: CONSENT_DOCUMENTS.personal_data.url, label: 'Согласие на обработку персональных данных' },
  { href: CONSENT_DOCUMENTS.bank_transfer.url, label: 'Согласие на передачу данных банкам' },
];

/** Spec §2 item 8: the footer with the copyright (2025 to this year), plus the documents and contacts. */
export function LandingFooter() {
  return (
    <footer
      data-deferred=""
      className="border-t border-slate-200 bg-white [contain-intrinsic-size:auto_950px] [content-visibility:auto]"
    >
      <div className="mx-auto grid max-w-[1120px] gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.3fr_1fr_1.4fr_1.1fr]">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-[15px] leading-relaxed text-slate-600">{FOOTER.about}</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold text-slate-900">
            {FOOTER.productHeading}
          </h2>
          <ul className="mt-2">
            {NAV_LINKS.map((link) => (
              <li key={link.id}>
                <a href={`#${link.id}`} onClick={onSectionLinkClick(link.id)} className={linkClass}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href="/shops/api-docs" className={linkClass}>
                Документация API
              </a>
            </li>
            <li>
              <a href="/shops/button-demo" className={linkClass}>
                Кнопка для сайта
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-documents">
          <h2 id="footer-documents" className="text-sm font-semibold text-slate-900">
            {FOOTER.documentsHeading}
          </h2>
          <ul className="mt-2">
            {documents.map((doc) => (
              <li key={doc.href}>
                <a href={doc.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  {doc.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">{FOOTER.contactsHeading}</h2>
          <ul className="mt-2">
            <li>
              <a
                href={TELEGRAM_URL}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => reachGoal(GOALS.TELEGRAM_CLICK)}
                className={linkClass}
              >
                Telegram: {TELEGRAM_HANDLE}
              </a>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
                {SUPPORT_EMAIL}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-[1120px] px-4 py-6 text-sm text-slate-600 sm:px-6">{COPYRIGHT}</p>
      </div>
    </footer>
  );
}
