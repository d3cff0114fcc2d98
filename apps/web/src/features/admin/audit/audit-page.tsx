import { staffCan } from '@b2bpay/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadingState } from '../../../shared/ui/spinner';
import { getStaffAudit } from '../admin-api';
import { moscowDateTime } from '../admin-format';
import { ADMIN_TEXTS } from '../admin-texts';
import { AdminPage, QueryFailure, useAdminMeta } from '../admin-ui';
import { staffKeys, useStaffUser } from '../staff-session';
import { auditActionText, auditDetailsText } from './audit-model';

export const AUDIT_PAGE_SIZE = 50;

/** «Журнал»: every staff action (who, what, when, from where), newest first, «Показать ещё» for more. */
export default function AuditPage() {
  useAdminMeta('Журнал');
  const { role } = useStaffUser();
  const allowed = staffCan(role, 'audit.read');
  const audit = useInfiniteQuery({
    queryKey: staffKeys.audit,
    queryFn: ({ pageParam, signal }) =>
      getStaffAudit({ limit: AUDIT_PAGE_SIZE, startingAfter: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.items.at(-1)?.id : undefined),
    enabled: allowed,
  });
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];

  let body: ReactNode;
  if (!allowed) body = <EmptyState title={ADMIN_TEXTS.forbidden} />;
  else if (audit.isPending) body = <LoadingState text="Загрузка журнала..." />;
  else if (audit.isError) body = <QueryFailure error={audit.error} />;
  else if (entries.length === 0) body = <EmptyState title="Записей пока нет." />;
  else
    body = (
      <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:p-6">
        <ul className="flex flex-col divide-y divide-slate-200" aria-label="Записи журнала">
          {entries.map((entry) => {
            const details = auditDetailsText(entry.details);
            return (
              <li key={entry.id} className="flex flex-col gap-0.5 py-3 first:pt-0 last:pb-0 text-[15px]">
                <p className="font-medium text-slate-900">{auditActionText(entry.action)}</p>
                {details && <p className="text-sm break-words text-slate-700">{details}</p>}
                <p className="text-sm break-words text-slate-600 tabular-nums">
                  {moscowDateTime(entry.created_at)} · {entry.actor_email}
                  {entry.ip ? ` · ${entry.ip}` : ''}
                </p>
              </li>
            );
          })}
        </ul>
        {audit.hasNextPage && (
          <Button
            variant="secondary"
            className="mt-4"
            loading={audit.isFetchingNextPage}
            loadingText="Загрузка..."
            onClick={() => void audit.fetchNextPage()}
          >
            Показать ещё
          </Button>
        )}
      </div>
    );

  return (
    <AdminPage title="Журнал" subtitle="Действия сотрудников: кто, что, когда и откуда">
      {body}
    </AdminPage>
  );
}
