import type { ReactNode } from 'react';
import { Link, NavLink, useLocation, useParams } from 'react-router';
import {
  AGREEMENT_URL,
  COPYRIGHT,
  PRIVACY_POLICY_URL,
  SUPPORT_EMAIL,
  TELEGRAM_HANDLE,
  TELEGRAM_URL,
} from '../../../shared/config/contacts';
import { cn } from '../../../shared/lib/cn';
import { MailIcon, SendIcon } from '../../../shared/ui/icons';
import { Logo } from '../../../shared/ui/logo';
import { buyerPaths } from '../model/order-view';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-11 items-center rounded-[var(--radius-control)] px-3 text-[15px] font-medium transition-colors duration-150',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

const footerLinkClass =
  'inline-flex min-h-11 items-center gap-2 text-slate-700 underline-offset-4 hover:text-brand-700 hover:underline';

/**
 * The buyer's frame (spec §2 "Buyer layout"): the logo to the order page (or home), Support and FAQ;
 * a footer with the copyright (2025 to this year), the privacy and agreement PDFs, the support e-mail and the
 * messenger handle.
 */
export function BuyerLayout({ children }: { children: ReactNode }) {
  const { orderId } = useParams();
  const location = useLocation();
  // FAQ's back rule returns to the page the buyer came from.
  const from = `${location.pathname}${location.search}`;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-[1120px] items-center justify-between gap-2 px-4 sm:px-6">
          <Link
            to={orderId ? buyerPaths.order(orderId) : '/'}
            className="-ml-1 rounded-md p-1"
            aria-label={orderId ? 'B2BPay — к заказу' : 'B2BPay — на главную'}
          >
            <Logo />
          </Link>
          <nav aria-label="Помощь">
            <ul className="flex items-center gap-1">
              <li>
                <NavLink to={buyerPaths.support(orderId)} state={{ from }} className={navLinkClass}>
                  Поддержка
                </NavLink>
              </li>
              <li>
                <NavLink to={buyerPaths.faq(orderId)} state={{ from }} className={navLinkClass}>
                  FAQ
                </NavLink>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-[1120px] flex-col gap-2 px-4 py-6 text-sm sm:px-6">
          <nav aria-label="Документы и контакты">
            <ul className="flex flex-col gap-x-6 md:flex-row md:flex-wrap md:items-center">
              <li>
                <a
                  href={PRIVACY_POLICY_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={footerLinkClass}
                >
                  Политика конфиденциальности
                </a>
              </li>
              <li>
                <a href={AGREEMENT_URL} target="_blank" rel="noopener noreferrer" className={footerLinkClass}>
                  Пользовательское соглашение
                </a>
              </li>
              <li>
                <a href={`mailto:${SUPPORT_EMAIL}`} className={footerLinkClass}>
                  <MailIcon size={16} />
                  {SUPPORT_EMAIL}
                </a>
              </li>
              <li>
                <a href={TELEGRAM_URL} target="_blank" rel="noopener noreferrer" className={footerLinkClass}>
                  <SendIcon size={16} />
                  Telegram: {TELEGRAM_HANDLE}
                </a>
              </li>
            </ul>
          </nav>
          <p className="text-slate-600">{COPYRIGHT}</p>
        </div>
      </footer>
    </div>
  );
}
