import type { ReactNode } from 'react';
import { PageContainer } from '../../shared/ui/page-container';

/** A page before the back office: one narrow card with the page's heading. */
export function StaffCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageContainer narrow>
      <section
        aria-labelledby="staff-card-title"
        className="mx-auto flex w-full max-w-xl flex-col gap-5 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 sm:p-8"
      >
        <h1 id="staff-card-title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {title}
        </h1>
        {children}
      </section>
    </PageContainer>
  );
}

export { PasswordInput } from '../../shared/ui/input';
