import { formatWholeNumber, staffCan } from '@b2bpay/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadingState } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { type BankHealthItem, getBanks, setBankEnabled } from '../admin-api';
import { moscowDateTime } from '../admin-format';
import { ADMIN_TEXTS } from '../admin-texts';
import { AdminPage, failureText, QueryFailure, useAdminMeta } from '../admin-ui';
import { staffKeys, useStaffUser } from '../staff-session';

function Count({ label, value, alarm }: { label: string; value: number; alarm: boolean }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        className={
          alarm && value > 0 ? 'text-xl font-semibold text-red-700' : 'text-xl font-semibold text-slate-900'
        }
      >
        {formatWholeNumber(value)}
      </dd>
    </div>
  );
}

function BankCard({ bank }: { bank: BankHealthItem }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => setBankEnabled(bank.id, !bank.enabled),
    onSuccess: (answer) => queryClient.setQueryData(staffKeys.banks, answer),
  });
  return (
    <Card
      title={bank.name}
      data-testid={`bank-${bank.id}`}
      actions={
        <Button
          variant={bank.enabled ? 'danger' : 'secondary'}
          loading={toggle.isPending}
          loadingText="Сохранение..."
          aria-label={`${bank.enabled ? 'Отключить' : 'Включить'} ${bank.name}`}
          onClick={() => toggle.mutate()}
        >
          {bank.enabled ? 'Отключить' : 'Включить'}
        </Button>
      }
    >
      <div className="flex flex-col gap-4 text-[15px]">
        <div className="flex flex-wrap items-center gap-3">
          {bank.enabled ? (
            <StatusBadge label="Включён" color="#16a34a" />
          ) : (
            <StatusBadge label="Отключён" color="#6B7280" />
          )}
          <span className="min-w-0 break-all text-sm text-slate-600">{bank.endpoint_url}</span>
        </div>
        <dl className="grid grid-cols-3 gap-4 tabular-nums">
          <Count label="В очереди" value={bank.pending} alarm={false} />
          <Count label="С ошибками" value={bank.failing} alarm />
          <Count label="Не доставлено" value={bank.failed} alarm />
        </dl>
        <p className="text-slate-700 tabular-nums">
          Последняя успешная доставка:{' '}
          {bank.last_delivered_at ? moscowDateTime(bank.last_delivered_at) : 'ещё не было'}
        </p>
        {bank.last_error && (
          <p className="break-words text-red-700">
            Последняя ошибка: <span className="font-mono text-sm">{bank.last_error}</span>
          </p>
        )}
        {toggle.isError && <Alert tone="error">{failureText(toggle.error)}</Alert>}
      </div>
    </Card>
  );
}

/** «Банки»: how deliveries to each bank go (pending, failing, failed), and «Включить» / «Отключить». */
export default function BanksPage() {
  useAdminMeta('Банки');
  const { role } = useStaffUser();
  const allowed = staffCan(role, 'banks.manage');
  const banks = useQuery({
    queryKey: staffKeys.banks,
    queryFn: ({ signal }) => getBanks(signal),
    enabled: allowed,
  });

  let body: ReactNode;
  if (!allowed) body = <EmptyState title={ADMIN_TEXTS.forbidden} />;
  else if (banks.isPending) body = <LoadingState text="Загрузка банков..." />;
  else if (banks.isError) body = <QueryFailure error={banks.error} />;
  else if (banks.data.items.length === 0) body = <EmptyState title="Банков нет." />;
  else
    body = (
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {banks.data.items.map((bank) => (
          <BankCard key={bank.id} bank={bank} />
        ))}
      </div>
    );

  return (
    <AdminPage title="Банки" subtitle="Доставка заявок и событий в банки">
      {body}
    </AdminPage>
  );
}
