import { kopecksToRubles, STATS_MAX_DAYS, type Stats, type StatsQuery } from '@b2bpay/domain';
import type { AppDeps } from '../../deps';
import { assertDateInRange } from '../../shared/date-range';
import { validationError } from '../../shared/errors';
import * as repo from './stats.repository';

const DAY_MS = 86_400_000;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** Today's date on Moscow time, as YYYY-MM-DD. */
const moscowDay = (at: Date) => new Date(at.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
const moscowMidnight = (day: string) => new Date(`${day}T00:00:00+03:00`);

/**
 * A shop's statistics for a period of Moscow calendar days (default: the last 30 days): orders by
 * status, approval rate, the funnel link opened → application sent → approved → paid, amounts, and
 * a day-by-day series with every day present. Approvals and payments count what happened, so a
 * later refund or cancellation does not undo them; paid, refunded and net turnover are apart.
 */
export async function shopStats(deps: AppDeps, shopId: string, query: StatsQuery): Promise<Stats> {
  const today = moscowDay(deps.clock.now());
  const dateTo = query.date_to ?? today;
  const dateFrom = query.date_from ?? moscowDay(new Date(moscowMidnight(dateTo).getTime() - 29 * DAY_MS));
  const from = moscowMidnight(dateFrom);
  assertDateInRange(from, 'date_from');
  assertDateInRange(moscowMidnight(dateTo), 'date_to');
  const to = new Date(moscowMidnight(dateTo).getTime() + DAY_MS);
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS);
  if (days < 1) throw validationError('date_from', 'Начало периода позже его конца');
  if (days > STATS_MAX_DAYS) throw validationError('date_from', `Период не длиннее ${STATS_MAX_DAYS} дней`);

  const [byStatus, totals, daily] = await Promise.all([
    repo.countByStatus(deps.db, shopId, from, to),
    repo.totals(deps.db, shopId, from, to),
    repo.daily(deps.db, shopId, from, to),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const series: Stats['daily'] = [];
  for (let i = 0; i < days; i++) {
    const date = moscowDay(new Date(from.getTime() + i * DAY_MS));
    const d = byDay.get(date);
    series.push({
      date,
      orders: d?.orders ?? 0,
      paid_orders: d?.paid_orders ?? 0,
      paid_amount: kopecksToRubles(d?.paid_amount_kopecks ?? 0),
      refunded_amount: kopecksToRubles(d?.refunded_kopecks ?? 0),
    });
  }
  const decided = totals.approved + totals.rejected;
  return {
    date_from: dateFrom,
    date_to: dateTo,
    orders: totals.orders,
    amount: kopecksToRubles(totals.amount_kopecks),
    // Kopecks are integers: the average is rounded to the kopeck, never a float sum.
    average_amount:
      totals.orders === 0 ? 0 : kopecksToRubles(Math.round(totals.amount_kopecks / totals.orders)),
    approval_rate: decided === 0 ? null : Math.round((totals.approved / decided) * 10_000) / 10_000,
    by_status: byStatus
      .sort((a, b) => b.orders - a.orders || a.status.localeCompare(b.status))
      .map((s) => ({ status: s.status, orders: s.orders, amount: kopecksToRubles(s.amount_kopecks) })),
    funnel: {
      created: totals.orders,
      link_opened: totals.link_opened,
      submitted: totals.submitted,
      approved: totals.approved,
      paid: totals.paid,
    },
    decisions: { approved: totals.approved, rejected: totals.rejected },
    // Turnover as payment services show it: what was paid, what went back, and what stays.
    paid: {
      orders: totals.paid,
      amount: kopecksToRubles(totals.paid_amount_kopecks),
      refunded_orders: totals.refunded_orders,
      refunded_amount: kopecksToRubles(totals.refunded_kopecks),
      net_amount: kopecksToRubles(totals.paid_amount_kopecks - totals.refunded_kopecks),
    },
    daily: series,
  };
}
