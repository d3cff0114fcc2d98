import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Heading level of the title: h2 under the page's h1, or h1 when the card's title is the page's. */
  headingLevel?: 'h1' | 'h2' | 'h3';
  padded?: boolean;
}

export function Card({
  title,
  description,
  actions,
  headingLevel: Heading = 'h2',
  padded = true,
  className,
  children,
  ...props
}: CardProps) {
  return (
    <section
      className={cn(
        'rounded-[var(--radius-card)] border border-slate-200 bg-white',
        padded && 'p-4 sm:p-6',
        className,
      )}
      {...props}
    >
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {title && (
              <Heading
                className={cn(
                  'font-semibold text-slate-900',
                  Heading === 'h1' ? 'text-xl tracking-tight sm:text-2xl' : 'text-lg',
                )}
              >
                {title}
              </Heading>
            )}
            {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
          </div>
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
