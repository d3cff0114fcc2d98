import type { ReactNode } from 'react';
import { accountFailureText } from '../../shared/api/failure-text';
import { PageContainer } from '../../shared/ui/page-container';
import { CABINET_TEXTS } from './cabinet-form';

/** A cabinet page: one narrow card with the page's heading. */
export function CabinetCard({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <PageContainer narrow={!wide}>
      <section
        aria-labelledby="cabinet-title"
        className="mx-auto flex w-full max-w-xl flex-col gap-5 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 sm:p-8"
      >
        <h1 id="cabinet-title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {title}
        </h1>
        {children}
      </section>
    </PageContainer>
  );
}

export { PasswordInput } from '../../shared/ui/input';

/** What a failed cabinet call says above the form: the server's words, and when to try again after 429. */
export const failureText = (error: unknown): string => accountFailureText(error, CABINET_TEXTS);
