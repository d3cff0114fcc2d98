import type { MouseEvent } from 'react';
import { buttonClass } from '../../../shared/ui/button';
import { Logo } from '../../../shared/ui/logo';
import { HEADER_ACTION, NAV_LINKS, SECTION_IDS } from '../content';
import { prefersReducedMotion } from '../counter';
import { scrollToForm, scrollToSection } from '../scroll';

/** An in-page link that scrolls smoothly (and still jumps by its #anchor before the script runs). */
export function onSectionLinkClick(id: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    if (scrollToSection(id)) event.preventDefault();
  };
}

/** A link to the enquiry form: scrolls to the form's fields and focuses the first one. */
export function onFormLinkClick(formId: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    if (scrollToForm(formId)) event.preventDefault();
  };
}

function onLogoClick(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

/** Spec §2 item 1: sticky header with the logo and, on desktop, 'Начать сотрудничество'. */
export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-[1120px] items-center justify-between gap-6 px-4 sm:px-6">
        <a href="/" aria-label="B2BPay — на главную" className="rounded-md" onClick={onLogoClick}>
          <Logo />
        </a>
        <nav aria-label="Разделы страницы" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.id}>
                <a
                  href={`#${link.id}`}
                  onClick={onSectionLinkClick(link.id)}
                  className="inline-flex min-h-11 items-center rounded-md px-3 text-[15px] font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* Desktop only (spec §2); a wrapper hides it, since the button's own class sets its display. */}
        <div className="hidden md:block">
          <a
            href={`#${SECTION_IDS.contact}`}
            onClick={onSectionLinkClick(SECTION_IDS.contact)}
            className={buttonClass('primary', 'md')}
          >
            {HEADER_ACTION}
          </a>
        </div>
      </div>
    </header>
  );
}
