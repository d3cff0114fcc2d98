import type { ReactNode } from 'react';
import { cn } from '../../shared/lib/cn';

/** A documentation section: an h2 with an anchor id, then its content. */
export function DocSection({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-24', className)}>
      <h2 id={`${id}-title`} className="mb-4 text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">
        {title}
      </h2>
      <div className="flex flex-col gap-4 text-[15px] leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

/** Inline code. */
export function C({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.86em] break-words text-slate-900">
      {children}
    </code>
  );
}

export interface ParamRow {
  name: ReactNode;
  description: ReactNode;
  extra?: ReactNode;
}

/**
 * A reference table (name, description, one extra column) that becomes stacked blocks on phones,
 * so that no page ever scrolls sideways.
 */
export function ParamTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: [string, string, string?];
  rows: ParamRow[];
}) {
  const [first, second, third] = columns;
  return (
    <div className="overflow-hidden rounded-[var(--radius-card)] border border-slate-200 bg-white">
      <table className="block w-full text-left text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-slate-50 text-slate-600 md:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {first}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {second}
            </th>
            {third && (
              <th scope="col" className="px-4 py-3 font-medium">
                {third}
              </th>
            )}
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-200 md:table-row-group">
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static rows in a fixed order
            <tr key={i} className="block px-4 py-3 align-top md:table-row md:p-0">
              <td className="block py-0.5 font-medium text-slate-900 md:table-cell md:w-[34%] md:px-4 md:py-3">
                {row.name}
              </td>
              <td className="block py-0.5 text-slate-700 md:table-cell md:px-4 md:py-3">{row.description}</td>
              {third && (
                <td className="block py-0.5 text-slate-600 md:table-cell md:px-4 md:py-3">
                  {row.extra !== undefined && (
                    <>
                      <span className="md:hidden">{third}: </span>
                      {row.extra}
                    </>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An endpoint line: the method as a coloured tag, then the path. */
export function Endpoint({ method, path }: { method: 'GET' | 'POST'; path: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 font-mono text-sm">
      <span
        className={
          method === 'POST'
            ? 'rounded-md bg-green-100 px-2 py-1 font-semibold text-green-800'
            : 'rounded-md bg-brand-100 px-2 py-1 font-semibold text-brand-800'
        }
      >
        {method}
      </span>
      <span className="break-all text-slate-900">{path}</span>
    </p>
  );
}
