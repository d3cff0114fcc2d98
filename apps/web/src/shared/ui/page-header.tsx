import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button';
import { ArrowLeftIcon } from './icons';

/**
 * The page's h1 with an optional back link above it and actions on the right. The h1 can take the
 * focus from a script (focusPageHeading): where an action removes the control that had it.
 */
export function PageHeader({
  title,
  subtitle,
  backTo,
  backLabel = 'Назад',
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  backTo?: string;
  backLabel?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:mb-8">
      {backTo && (
        <Link to={backTo} className={buttonClass('ghost', 'md', '-ml-3 self-start text-slate-700')}>
          <ArrowLeftIcon size={18} />
          {backLabel}
        </Link>
      )}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1
            tabIndex={-1}
            data-page-heading=""
            className="text-2xl font-semibold tracking-tight text-slate-900 focus:outline-none sm:text-[32px] sm:leading-10"
          >
            {title}
          </h1>
          {subtitle && <p className="mt-1.5 text-base text-slate-600">{subtitle}</p>}
        </div>
        {actions}
      </div>
    </div>
  );
}

/**
 * Moves the focus to the page's heading once the current render has settled: after an action whose
 * button is gone (an order cancelled), so the keyboard and a screen reader carry on from the page's
 * title instead of falling back to the document's start.
 */
export function focusPageHeading() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-page-heading]')?.focus());
}
