import { formatRubles, formatWholeNumber, isCabinetRole, ROLE_LABELS } from '@b2bpay/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../shared/ui/card';
import { StatusBadge } from '../../../shared/ui/status-badge';
import type { ShopCard } from '../admin-api';
import { formatRate, moscowDateTime } from '../admin-format';

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {note && <dd className="text-sm text-slate-600 tabular-nums">{note}</dd>}
    </div>
  );
}

/** The last 30 days: orders, their amount, and the share the banks approved of what was sent. */
export function FiguresCard({ figures }: { figures: ShopCard['figures'] }) {
  return (
    <Card title="За 30 дней">
      <dl className="grid gap-4 sm:grid-cols-3" data-testid="shop-figures">
        <Figure label="Заказов" value={formatWholeNumber(figures.orders_30d)} />
        <Figure label="Сумма заказов" value={formatRubles(figures.amount_30d)} />
        <Figure
          label="Одобрено банками"
          value={formatRate(figures.approval_rate)}
          note={`${formatWholeNumber(figures.approved_30d)} из ${formatWholeNumber(figures.submitted_30d)} заявок`}
        />
      </dl>
    </Card>
  );
}

/** Whether the shop's webhooks reach it. */
export function WebhooksCard({ webhooks }: { webhooks: ShopCard['webhooks'] }) {
  return (
    <Card title="Вебхуки">
      <div className="flex flex-col items-start gap-2 text-[15px]" data-testid="shop-webhooks">
        {webhooks.failing ? (
          <StatusBadge label="Есть сбои доставки" color="#DC143C" />
        ) : (
          <StatusBadge label="Доставляются" color="#16a34a" />
        )}
        <p className="text-slate-700 tabular-nums">
          Последняя доставка:{' '}
          {webhooks.last_delivered_at ? moscowDateTime(webhooks.last_delivered_at) : 'ещё не было'}
        </p>
        <p className="text-slate-700 tabular-nums">В очереди: {formatWholeNumber(webhooks.pending)}</p>
      </div>
    </Card>
  );
}

const roleLabel = (role: string) => (isCabinetRole(role) ? ROLE_LABELS[role] : role);

export function MembersCard({ members }: { members: ShopCard['members'] }) {
  return (
    <Card title="Участники">
      {members.length === 0 ? (
        <p className="text-[15px] text-slate-600">В команде пока никого.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200" aria-label="Участники">
          {members.map((member) => (
            <li
              key={member.email}
              className="flex flex-wrap justify-between gap-x-3 py-2 first:pt-0 last:pb-0 text-[15px]"
            >
              <span className="min-w-0 break-words text-slate-900">{member.email}</span>
              <span className="text-slate-600">{roleLabel(member.role)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const KEY_KINDS: Record<string, string> = { secret: 'Секретный ключ', publishable: 'Публикуемый ключ' };

export function KeysCard({ keys }: { keys: ShopCard['keys'] }) {
  return (
    <Card title="Ключи API">
      {keys.length === 0 ? (
        <p className="text-[15px] text-slate-600">Ключей нет.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200" aria-label="Ключи API">
          {keys.map((key) => (
            <li
              key={`${key.kind}-${key.hint}`}
              className="flex flex-col gap-0.5 py-2 first:pt-0 last:pb-0 text-[15px]"
            >
              <span className="text-slate-900">
                {KEY_KINDS[key.kind] ?? key.kind} · {key.livemode ? 'боевой' : 'тестовый'}
              </span>
              {/* The API's hint: the kind's prefix and the last four characters (a publishable key whole). */}
              <span className="font-mono text-sm break-all text-slate-700">{key.hint}</span>
              <span className="text-sm text-slate-600 tabular-nums">
                Выпущен {moscowDateTime(key.created_at)} ·{' '}
                {key.last_used_at
                  ? `последнее использование ${moscowDateTime(key.last_used_at)}`
                  : 'не использовался'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The shop's latest orders; each opens the order's card in the back office. */
export function RecentOrdersCard({ orders }: { orders: ShopCard['recent_orders'] }) {
  return (
    <Card title="Последние заказы">
      {orders.length === 0 ? (
        <p className="text-[15px] text-slate-600">Заказов пока нет.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200" aria-label="Последние заказы">
          {orders.map((order) => (
            <li
              key={order.id}
              className="flex flex-col items-start gap-1.5 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <Link
                  to={`/admin/orders/${order.id}`}
                  className="font-medium text-brand-700 underline underline-offset-4 tabular-nums"
                >
                  Заказ №{order.order_number}
                </Link>
                <p className="text-sm text-slate-600 tabular-nums">
                  {moscowDateTime(order.created_at)} · {formatRubles(order.amount)}
                </p>
              </div>
              <StatusBadge status={order.status} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
