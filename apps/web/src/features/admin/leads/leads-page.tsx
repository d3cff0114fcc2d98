import { formatPhone, LEAD_STATUSES, type LeadStatus, staffCan } from '@b2bpay/domain';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadingState } from '../../../shared/ui/spinner';
import { moscowDateTime } from '../admin-format';
import { ADMIN_TEXTS } from '../admin-texts';
import { AdminPage, QueryFailure, useAdminMeta } from '../admin-ui';
import { FilterSelect } from '../filter-select';
import { useStaffUser } from '../staff-session';
import { leadStatusLabel, newestFirst } from './lead-model';
import { LeadStatusBadge } from './lead-status-badge';
import { useLeads } from './use-leads';

function isLeadStatus(value: string | null): value is LeadStatus {
  return (LEAD_STATUSES as readonly (string | null)[]).includes(value);
}

/** «Лиды»: the landing's enquiries, newest first, by status; each opens its page. */
export default function LeadsPage() {
  useAdminMeta('Лиды');
  const user = useStaffUser();
  const allowed = staffCan(user.role, 'leads.manage');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isLeadStatus(raw) ? raw : undefined;
  const leads = useLeads(status, allowed);

  const setStatus = (next: LeadStatus | undefined) =>
    setParams(next ? { status: next } : {}, { replace: true });

  let body: ReactNode;
  if (!allowed) body = <EmptyState title={ADMIN_TEXTS.forbidden} />;
  else if (leads.isPending) body = <LoadingState text="Загрузка лидов..." />;
  else if (leads.isError) body = <QueryFailure error={leads.error} />;
  else if (leads.data.items.length === 0)
    body = <EmptyState title={status ? 'Лидов с таким статусом нет.' : 'Лидов пока нет.'} />;
  else
    body = (
      <ul className="flex flex-col gap-3" aria-label="Лиды">
        {newestFirst(leads.data.items).map((lead) => (
          <li
            key={lead.id}
            data-testid={`lead-${lead.id}`}
            className="flex flex-col items-start gap-2 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <Link
                to={`/admin/leads/${lead.id}`}
                className="text-base font-medium break-words text-brand-700 underline underline-offset-4"
              >
                {lead.name}
              </Link>
              <p className="mt-1 text-sm text-slate-600 tabular-nums">
                {formatPhone(lead.phone)} · {moscowDateTime(lead.created_at)}
              </p>
              <p className="mt-0.5 text-sm break-words text-slate-600">
                {lead.owner ? `Ведёт: ${lead.owner}` : 'Никто не ведёт'}
              </p>
            </div>
            <LeadStatusBadge status={lead.status} />
          </li>
        ))}
      </ul>
    );

  return (
    <AdminPage title="Лиды" subtitle="Заявки с сайта: кто оставил, когда и кто ведёт">
      {allowed && (
        <div className="mb-6">
          <FilterSelect
            label="Статус"
            value={status ?? ''}
            options={LEAD_STATUSES.map((value) => ({ value, label: leadStatusLabel(value) }))}
            onChange={(value) => setStatus(isLeadStatus(value) ? value : undefined)}
          />
        </div>
      )}
      {body}
    </AdminPage>
  );
}
