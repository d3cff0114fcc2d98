import { formatRubles, getStatusInfo, type Stats } from '@b2bpay/domain';
import { type ReactNode, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useShopAccess } from '../../../shared/auth/shop-access';
import { cn } from '../../../shared/lib/cn';
import { badgeColors } from '../../../shared/lib/color';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PlusIcon, RefreshIcon } from '../../../shared/ui/icons';
import { LinkButton } from '../../../shared/ui/link-button';
import { PageContainer } from '../../../shared/ui/page-container';
import { PageHeader } from '../../../shared/ui/page-header';
import { LoadingState, Spinner } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { useStats } from '../shared/api/shop-queries';
import { DateRangeField } from '../shared/date-range-field';
import { LiveIndicator } from '../shared/live-status';
import { shopPaths } from '../shared/shop-id';
import { DailyChart, ordersWord } from './daily-chart';
import {
  formatPercent,
  funnelSteps,
  moscowToday,
  PRESETS,
  parsePeriod,
  periodText,
  presetSearch,
  rangeSearch,
  statusRows,
} from './stats-model';

export const STATS_LOADING = 'Загрузка статистики...';
export const STATS_EMPTY = 'За этот период заказов нет.';

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note: string;
  testId: string;
}) {
  return (
    <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:p-5">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd
        className="mt-1.5 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums"
        data-testid={testId}
      >
        {value}
      </dd>
      <dd className="mt-1 text-sm text-slate-600">{note}</dd>
    </div>
  );
}

function Summary({ stats }: { stats: Stats }) {
  // What the banks decided, whatever became of the orders later (a refund keeps its approval).
  const { approved, rejected } = stats.decisions;
  return (
    <section aria-label="Итоги периода">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          testId="stat-orders"
          label="Заказов"
          value={String(stats.orders)}
          note={`оплачено ${stats.paid.orders}`}
        />
        <Figure
          testId="stat-amount"
          label="Сумма заказов"
          value={formatRubles(stats.amount)}
          note={
            stats.paid.refunded_amount > 0
              ? `оплачено ${formatRubles(stats.paid.amount)}, возвращено ${formatRubles(stats.paid.refunded_amount)}`
              : `оплачено ${formatRubles(stats.paid.amount)}`
          }
        />
        <Figure
          testId="stat-average"
          label="Средний чек"
          value={formatRubles(stats.average_amount)}
          note="на один заказ"
        />
        <Figure
          testId="stat-approval"
          label="Одобрение банками"
          value={formatPercent(stats.approval_rate)}
          note={
            stats.approval_rate === null
              ? 'решений банков пока нет'
              : `одобрено ${approved} из ${approved + rejected}`
          }
        />
      </dl>
    </section>
  );
}

/** Turnover as payment services show it: paid, returned and what stays with the shop. */
function Turnover({ stats }: { stats: Stats }) {
  const { paid } = stats;
  const rows: Array<{ key: string; label: string; value: string; note: string }> = [
    {
      key: 'paid',
      label: 'Оплачено',
      value: formatRubles(paid.amount),
      note: `${paid.orders} ${ordersWord(paid.orders)}`,
    },
    {
      key: 'refunded',
      label: 'Возвраты',
      value: paid.refunded_amount > 0 ? `−${formatRubles(paid.refunded_amount)}` : formatRubles(0),
      note: `${paid.refunded_orders} ${ordersWord(paid.refunded_orders)}`,
    },
    { key: 'net', label: 'Итого за вычетом возвратов', value: formatRubles(paid.net_amount), note: '' },
  ];
  return (
    <Card title="Оборот" description="Оплаты заказов периода, возвраты по ним и что осталось">
      <dl className="grid gap-4 sm:grid-cols-3">
        {rows.map((row) => (
          <div key={row.key}>
            <dt className="text-sm font-medium text-slate-600">{row.label}</dt>
            <dd
              className="mt-1 text-xl font-semibold text-slate-900 tabular-nums"
              data-testid={`turnover-${row.key}`}
            >
              {row.value}
            </dd>
            {row.note && <dd className="text-sm text-slate-600">{row.note}</dd>}
          </div>
        ))}
      </dl>
    </Card>
  );
}

function ByStatus({ stats }: { stats: Stats }) {
  return (
    <Card title="Заказы по статусам" className="h-full">
      <ul className="flex flex-col gap-4">
        {statusRows(stats).map((row) => (
          <li key={row.status}>
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <StatusBadge status={row.status} />
              <span className="text-sm text-slate-600 tabular-nums">
                <span className="font-semibold text-slate-900">
                  {row.orders} {ordersWord(row.orders)}
                </span>
                {row.orders > 0 && ` · ${formatRubles(row.amount)}`}
              </span>
            </div>
            <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <div
                className="h-full rounded-full"
                style={{
                  width: `${(row.share ?? 0) * 100}%`,
                  backgroundColor: badgeColors(getStatusInfo(row.status).color).dot,
                }}
              />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Funnel({ stats }: { stats: Stats }) {
  return (
    <Card title="Воронка" description="От созданного заказа до оплаты" className="h-full">
      <ol className="flex flex-col gap-4">
        {funnelSteps(stats.funnel).map((step, index) => (
          <li key={step.key}>
            <div className="flex items-baseline justify-between gap-3">
              <span className="text-[15px] font-medium text-slate-800">{step.label}</span>
              <span
                className="text-base font-semibold text-slate-900 tabular-nums"
                data-testid={`funnel-${step.key}`}
              >
                {step.count}
              </span>
            </div>
            <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <div
                className="h-full rounded-full bg-brand-600"
                style={{ width: `${Math.min(1, step.ofCreated ?? 0) * 100}%` }}
              />
            </div>
            {index > 0 && (
              <p className="mt-1.5 text-sm text-slate-600 tabular-nums">
                {formatPercent(step.ofCreated)} от созданных · {formatPercent(step.ofPrevious)} от предыдущего
                шага
              </p>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** Statistics of the shop for a period: totals, statuses, the funnel and a daily chart. */
export default function StatsPage() {
  const { shopId = '' } = useParams();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { hasAccess, isInitialized } = useShopAccess();
  usePageMeta({ title: 'Статистика' });
  const today = moscowToday();
  const { period, error: periodError } = useMemo(
    () => parsePeriod(searchParams, today),
    [searchParams, today],
  );
  const stats = useStats(periodError ? null : period);
  const go = (search: string) => navigate({ search }, { replace: false });

  const waiting = !isInitialized || (hasAccess && !periodError && stats.isPending);

  let body: ReactNode;
  if (periodError) {
    body = <Alert tone="error">{periodError}</Alert>;
  } else if (waiting) {
    body = <LoadingState text={STATS_LOADING} fillScreen />;
  } else if (!hasAccess) {
    body = (
      <EmptyState
        title="Нет данных для отображения."
        description="Откройте кабинет по ссылке с ключом доступа магазина, чтобы увидеть статистику."
      />
    );
  } else if (stats.isError) {
    body = (
      <div className="flex flex-col items-start gap-4">
        <Alert tone="error" className="w-full">
          Не удалось загрузить статистику: {stats.error.message || 'Пожалуйста, попробуйте еще раз.'}
        </Alert>
        <Button variant="secondary" icon={<RefreshIcon size={18} />} onClick={() => void stats.refetch()}>
          Повторить
        </Button>
      </div>
    );
  } else if (!stats.data) {
    body = <LoadingState text={STATS_LOADING} fillScreen />;
  } else if (stats.data.orders === 0) {
    body = (
      <EmptyState
        title={STATS_EMPTY}
        description="Выберите другой период или создайте заказ — статистика появится здесь."
        action={
          <LinkButton to={shopPaths.newOrder(shopId)} variant="secondary" icon={<PlusIcon size={18} />}>
            Создать заказ
          </LinkButton>
        }
      />
    );
  } else {
    const data = stats.data;
    body = (
      <div className="flex flex-col gap-6">
        <Summary stats={data} />
        <Turnover stats={data} />
        <div className="grid gap-6 lg:grid-cols-2">
          <ByStatus stats={data} />
          <Funnel stats={data} />
        </div>
        <Card title="По дням" description="Созданные заказы и оплаты за каждый день периода">
          <DailyChart daily={data.daily} />
        </Card>
      </div>
    );
  }

  return (
    <PageContainer>
      <PageHeader
        title="Статистика"
        subtitle={`${periodText(period.dateFrom, period.dateTo)} · дни по московскому времени`}
        backTo={shopPaths.home(shopId)}
        actions={<LiveIndicator />}
      />

      <section
        aria-label="Период"
        className="mb-6 flex flex-col gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:flex-row sm:flex-wrap sm:items-center sm:p-5"
      >
        <fieldset>
          <legend className="sr-only">Быстрый выбор периода</legend>
          <div className="grid grid-cols-3 gap-2 sm:flex">
            {PRESETS.map((days) => {
              const active = period.preset === days;
              return (
                <button
                  key={days}
                  type="button"
                  aria-pressed={active}
                  onClick={() => go(presetSearch(days))}
                  className={cn(
                    'inline-flex min-h-11 items-center justify-center rounded-[var(--radius-control)] border px-4 text-[15px] font-medium whitespace-nowrap transition-colors duration-150',
                    active
                      ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
                      : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50',
                  )}
                >
                  {days} дней
                </button>
              );
            })}
          </div>
        </fieldset>
        <DateRangeField
          label="Выбрать даты"
          startDate={period.preset === null ? period.dateFrom : null}
          endDate={period.preset === null ? period.dateTo : null}
          today={today}
          onApply={({ startDate, endDate }) =>
            go(startDate && endDate ? rangeSearch(startDate, endDate) : presetSearch(30))
          }
        />
        {stats.isFetching && !stats.isPending && (
          <span className="flex items-center gap-2 text-sm text-slate-600 sm:ml-auto">
            <Spinner size={14} className="text-brand-700" />
            Обновление...
          </span>
        )}
      </section>

      <div aria-busy={stats.isFetching}>{body}</div>
    </PageContainer>
  );
}
