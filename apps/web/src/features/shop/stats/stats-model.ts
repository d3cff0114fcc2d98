import { getStatusInfo, isCalendarDay, ORDER_STATUSES, STATS_MAX_DAYS, type Stats } from '@b2bpay/domain';
import { displayDay } from '../shared/calendar';

/** The statistics page's view model: period in the address, percentages, the funnel, chart scales. */

export const PRESETS = [7, 30, 90] as const;
export type Preset = (typeof PRESETS)[number];
/** The API's default too: the last 30 days. */
export const DEFAULT_PRESET: Preset = 30;

export interface StatsPeriod {
  dateFrom: string;
  dateTo: string;
  /** The preset this period is, when it is one (it is highlighted). */
  preset: Preset | null;
}

const DAY_MS = 86_400_000;

export const PERIOD_TOO_LONG = `Период не длиннее ${STATS_MAX_DAYS} дней. Выберите период короче.`;

/** Today on Moscow time ('YYYY-MM-DD'): the API counts Moscow calendar days. */
export function moscowToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Moscow',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function isIsoDay(value: string | null): value is string {
  return value !== null && isCalendarDay(value);
}

export function addDays(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + delta * DAY_MS).toISOString().slice(0, 10);
}

/** Days in the period, both ends included. */
export function periodDays(dateFrom: string, dateTo: string): number {
  return Math.round((Date.parse(`${dateTo}T00:00:00Z`) - Date.parse(`${dateFrom}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The last `days` days up to today. */
export function presetPeriod(days: Preset, today: string): StatsPeriod {
  return { dateFrom: addDays(today, -(days - 1)), dateTo: today, preset: days };
}

function asPreset(value: number): Preset | null {
  return (PRESETS as readonly number[]).includes(value) ? (value as Preset) : null;
}

/**
 * The period of the address: `?from=…&to=…` (a custom range), `?days=7|30|90`, or the last 30 days.
 * A range ending today with a preset's length counts as that preset. Too long a range is an error.
 */
export function parsePeriod(
  params: URLSearchParams,
  today: string,
): { period: StatsPeriod; error: string | null } {
  let from = params.get('from');
  let to = params.get('to');
  if (isIsoDay(from) && isIsoDay(to)) {
    if (from > to) [from, to] = [to, from];
    const days = periodDays(from, to);
    const preset = to === today ? asPreset(days) : null;
    return {
      period: { dateFrom: from, dateTo: to, preset },
      error: days > STATS_MAX_DAYS ? PERIOD_TOO_LONG : null,
    };
  }
  const days = asPreset(Number(params.get('days'))) ?? DEFAULT_PRESET;
  return { period: presetPeriod(days, today), error: null };
}

/** The address of a preset ('' for the default) or of a custom range. */
export function presetSearch(days: Preset): string {
  return days === DEFAULT_PRESET ? '' : `?days=${days}`;
}

export function rangeSearch(dateFrom: string, dateTo: string): string {
  return `?${new URLSearchParams({ from: dateFrom, to: dateTo }).toString()}`;
}

export function periodText(dateFrom: string, dateTo: string): string {
  return dateFrom === dateTo ? displayDay(dateFrom) : `${displayDay(dateFrom)} – ${displayDay(dateTo)}`;
}

const PERCENT = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 1 });

/** A share 0..1 as '45,5 %'; '—' when there is nothing to divide by. */
export function formatPercent(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return '—';
  return PERCENT.format(share);
}

export function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

export interface FunnelStep {
  key: keyof Stats['funnel'];
  label: string;
  count: number;
  /** Of the orders created in the period. */
  ofCreated: number | null;
  /** Of the step before (null for the first step). */
  ofPrevious: number | null;
}

const FUNNEL_LABELS: Array<[FunnelStep['key'], string]> = [
  ['created', 'Создано заказов'],
  ['link_opened', 'Покупатель открыл ссылку'],
  ['submitted', 'Заявка отправлена'],
  ['approved', 'Банк одобрил'],
  ['paid', 'Оплачено'],
];

/** The conversion funnel: created → link opened → application sent → approved → paid. */
export function funnelSteps(funnel: Stats['funnel']): FunnelStep[] {
  return FUNNEL_LABELS.map(([key, label], index) => {
    const previousKey = index > 0 ? FUNNEL_LABELS[index - 1]?.[0] : undefined;
    return {
      key,
      label,
      count: funnel[key],
      ofCreated: share(funnel[key], funnel.created),
      ofPrevious: previousKey ? share(funnel[key], funnel[previousKey]) : null,
    };
  });
}

export interface StatusRow {
  status: string;
  text: string;
  orders: number;
  amount: number;
  /** Of all the period's orders. */
  share: number | null;
}

/** Every status in the lifecycle order (zeros too, so the list keeps its shape), then unknown ones. */
export function statusRows(stats: Pick<Stats, 'by_status' | 'orders'>): StatusRow[] {
  const found = new Map(stats.by_status.map((row) => [row.status, row]));
  const codes = [
    ...ORDER_STATUSES,
    ...stats.by_status
      .map((row) => row.status)
      .filter((code) => !(ORDER_STATUSES as readonly string[]).includes(code)),
  ];
  return codes.map((status) => {
    const row = found.get(status);
    return {
      status,
      text: getStatusInfo(status).text,
      orders: row?.orders ?? 0,
      amount: row?.amount ?? 0,
      share: share(row?.orders ?? 0, stats.orders),
    };
  });
}

/** A round top for a chart axis: 1, 2, 2.5 or 5 times a power of ten, at least `value` (and 1). */
export function niceMax(value: number): number {
  if (!Number.isFinite(value) || value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * The axis lines from 0 to `max` (a niceMax): the middle one only when it is a whole number — counts
 * are whole, and so are the roubles an axis shows — so an axis never reads «0 / 0,5 / 1».
 */
export function axisTicks(max: number): number[] {
  return Number.isInteger(max / 2) ? [0, max / 2, max] : [0, max];
}

/** Up to `count` evenly spread indexes of a series of `length` (first and last included). */
export function tickIndexes(length: number, count: number): number[] {
  if (length <= 0) return [];
  if (length <= count) return Array.from({ length }, (_, i) => i);
  const step = (length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => Math.round(i * step));
}

/** 'DD.MM' for chart labels. */
export function shortDay(day: string): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}`;
}
