import {
  BANK_APPLICATION_STATUSES,
  type BankApplicationStatus,
  bankName,
  PARTNER_BANKS,
  staffCan,
} from '@b2bpay/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadingState } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { type ApplicationStatsAnswer, getApplications } from '../admin-api';
import { formatDuration, moscowDateTime } from '../admin-format';
import { ADMIN_TEXTS } from '../admin-texts';
import { AdminPage, QueryFailure, useAdminMeta } from '../admin-ui';
import { FilterSelect } from '../filter-select';
import { staffKeys, useStaffUser } from '../staff-session';
import { APPLICATION_STATUS } from './application-status';

const isApplicationStatus = (value: string | null): value is BankApplicationStatus =>
  (BANK_APPLICATION_STATUSES as readonly (string | null)[]).includes(value);

/** The partner banks and any other bank the answer names (one the CLI added), each once. */
function bankOptions(stats: ApplicationStatsAnswer | undefined) {
  const options = new Map<string, string>(PARTNER_BANKS.map((partner) => [partner.id, partner.name]));
  for (const bank of stats?.banks ?? []) if (!options.has(bank.bank)) options.set(bank.bank, bank.name);
  return [...options].map(([value, label]) => ({ value, label }));
}

function BankTimes({ banks }: { banks: ApplicationStatsAnswer['banks'] }) {
  return (
    <Card title="Время решения банков" description="Медиана и 90-й процентиль, нарушения срока ответа">
      {banks.length === 0 ? (
        <p className="text-[15px] text-slate-600">Решений пока нет.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Банки">
          {banks.map((bank) => (
            <li
              key={bank.bank}
              data-testid={`bank-times-${bank.bank}`}
              className="rounded-[var(--radius-control)] border border-slate-200 p-4"
            >
              <p className="font-medium text-slate-900">{bank.name}</p>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-[15px] tabular-nums">
                <dt className="text-slate-600">Решений</dt>
                <dd className="text-slate-900">{bank.decided}</dd>
                <dt className="text-slate-600">Медиана</dt>
                <dd className="text-slate-900">{formatDuration(bank.median_seconds)}</dd>
                <dt className="text-slate-600">90-й процентиль</dt>
                <dd className="text-slate-900">{formatDuration(bank.p90_seconds)}</dd>
                <dt className="text-slate-600">Просрочено</dt>
                <dd className={bank.sla_breaches > 0 ? 'font-medium text-red-700' : 'text-slate-900'}>
                  {bank.sla_breaches}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ApplicationList({ items }: { items: ApplicationStatsAnswer['items'] }) {
  if (items.length === 0) return <EmptyState title="Заявок с такими условиями нет." />;
  return (
    <ul className="flex flex-col gap-3" aria-label="Заявки">
      {items.map((item) => {
        const status = APPLICATION_STATUS[item.status];
        return (
          <li
            key={item.id}
            className="flex flex-col items-start gap-2 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 text-[15px]">
              <p className="font-medium break-words text-slate-900 tabular-nums">
                Заказ №{item.order_number} · {item.shop_name}
              </p>
              <p className="text-sm text-slate-600">{bankName(item.bank)}</p>
              <p className="text-sm text-slate-600 tabular-nums">
                Отправлена {moscowDateTime(item.submitted_at)}
                {item.decided_at
                  ? ` · решение ${moscowDateTime(item.decided_at)}`
                  : item.respond_by
                    ? ` · ответ до ${moscowDateTime(item.respond_by)}`
                    : ''}
              </p>
            </div>
            <StatusBadge label={status.text} color={status.color} />
          </li>
        );
      })}
    </ul>
  );
}

/** «Заявки»: the banks' applications by status and bank; per bank, decision times and SLA breaches. */
export default function ApplicationsPage() {
  useAdminMeta('Заявки');
  const { role } = useStaffUser();
  const allowed = staffCan(role, 'applications.read');
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status = isApplicationStatus(rawStatus) ? rawStatus : undefined;
  const bank = params.get('bank') ?? undefined;
  const stats = useQuery({
    queryKey: [...staffKeys.applications, status ?? '', bank ?? ''],
    queryFn: ({ signal }) => getApplications({ status, bank }, signal),
    enabled: allowed,
  });

  const setFilter = (key: 'status' | 'bank', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  let body: ReactNode;
  if (!allowed) body = <EmptyState title={ADMIN_TEXTS.forbidden} />;
  else if (stats.isPending) body = <LoadingState text="Загрузка заявок..." />;
  else if (stats.isError) body = <QueryFailure error={stats.error} />;
  else
    body = (
      <div className="flex flex-col gap-6">
        <BankTimes banks={stats.data.banks} />
        <ApplicationList items={stats.data.items} />
      </div>
    );

  return (
    <AdminPage title="Заявки" subtitle="Заявки покупателей в банки">
      {allowed && (
        <div className="mb-6 flex flex-col gap-4 sm:flex-row">
          <FilterSelect
            label="Статус"
            value={status ?? ''}
            options={BANK_APPLICATION_STATUSES.map((value) => ({
              value,
              label: APPLICATION_STATUS[value].text,
            }))}
            onChange={(value) => setFilter('status', value)}
          />
          <FilterSelect
            label="Банк"
            value={bank ?? ''}
            options={bankOptions(stats.data)}
            onChange={(value) => setFilter('bank', value)}
          />
        </div>
      )}
      {body}
    </AdminPage>
  );
}
