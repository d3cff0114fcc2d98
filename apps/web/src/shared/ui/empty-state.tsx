import type { ReactNode } from 'react';
import { InboxIcon } from './icons';

export function EmptyState({
  title,
  description,
  icon,
  action,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        {icon ?? <InboxIcon size={24} />}
      </div>
      <p className="text-base font-medium text-slate-800">{title}</p>
      {description && <p className="max-w-sm text-sm text-slate-600">{description}</p>}
      {action}
    </div>
  );
}
