import {
  amountToKopecks,
  formatRubles,
  kopecksToRubles,
  pluralRu,
  type Stats,
  sumKopecks,
} from '@b2bpay/domain';
import { type PointerEvent, type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { displayDay } from '../shared/calendar';
import { axisTicks, niceMax, shortDay, tickIndexes } from './stats-model';

type Day = Stats['daily'][number];

const HEIGHT = 176;
const MARGIN = { top: 12, right: 4, bottom: 28, left: 60 };
const FALLBACK_WIDTH = 640;

/** The money axis: roubles the ru-RU way, short — «0 ₽», «500 тыс. ₽», «2,5 млн ₽». */
const ROUBLES = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const INTEGER = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

export const ordersWord = (n: number) => pluralRu(n, ['заказ', 'заказа', 'заказов']);

/** The element's width, followed as it changes (SVG text keeps its size instead of scaling). */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || FALLBACK_WIDTH);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const next = Math.round(entries[0]?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

interface PanelProps {
  title: string;
  description: string;
  days: readonly Day[];
  values: readonly number[];
  /** Axis label text. */
  format: (value: number) => string;
  color: string;
  hover: number | null;
  onHover: (index: number | null) => void;
}

function Panel({ title, description, days, values, format, color, hover, onHover }: PanelProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const titleId = useId();
  const descId = useId();
  const max = niceMax(Math.max(0, ...values));
  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = values.length > 0 ? plotWidth / values.length : 0;
  const barWidth = Math.max(1, Math.min(28, slot * 0.68));
  const y = (value: number) => MARGIN.top + plotHeight - (value / max) * plotHeight;
  const ticks = axisTicks(max);
  const labels = tickIndexes(days.length, width < 480 ? 4 : 7);

  const pick = (event: PointerEvent<SVGRectElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const index = Math.floor(((event.clientX - rect.left) / rect.width) * values.length);
    onHover(Math.min(values.length - 1, Math.max(0, index)));
  };

  return (
    <div>
      <p className="mb-1 text-sm font-medium text-slate-700" aria-hidden="true">
        {title}
      </p>
      <div ref={box} className="w-full">
        {width > 0 && (
          <svg
            width={width}
            height={HEIGHT}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            role="img"
            aria-labelledby={`${titleId} ${descId}`}
            className="block touch-pan-y select-none"
          >
            <title id={titleId}>{title}</title>
            <desc id={descId}>{description}</desc>
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={MARGIN.left}
                  x2={width - MARGIN.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke={tick === 0 ? '#94a3b8' : '#e2e8f0'}
                  strokeDasharray={tick === 0 ? undefined : '3 3'}
                />
                <text
                  x={MARGIN.left - 8}
                  y={y(tick)}
                  dy="0.32em"
                  textAnchor="end"
                  className="fill-slate-600 text-xs tabular-nums"
                >
                  {format(tick)}
                </text>
              </g>
            ))}
            {hover !== null && slot > 0 && (
              <rect
                x={MARGIN.left + hover * slot}
                y={MARGIN.top}
                width={slot}
                height={plotHeight}
                className="fill-slate-100"
              />
            )}
            {values.map((value, index) => {
              if (value <= 0) return null;
              const top = y(value);
              return (
                <rect
                  // biome-ignore lint/suspicious/noArrayIndexKey: one bar per day, in day order
                  key={index}
                  x={MARGIN.left + index * slot + (slot - barWidth) / 2}
                  y={top}
                  width={barWidth}
                  height={Math.max(1, MARGIN.top + plotHeight - top)}
                  rx={Math.min(3, barWidth / 3)}
                  fill={color}
                  opacity={hover === null || hover === index ? 1 : 0.55}
                />
              );
            })}
            {labels.map((index, position) => {
              const day = days[index];
              if (!day) return null;
              const anchor = position === 0 ? 'start' : position === labels.length - 1 ? 'end' : 'middle';
              const x =
                anchor === 'start'
                  ? MARGIN.left
                  : anchor === 'end'
                    ? width - MARGIN.right
                    : MARGIN.left + index * slot + slot / 2;
              return (
                <text
                  key={day.date}
                  x={x}
                  y={HEIGHT - 8}
                  textAnchor={anchor}
                  className="fill-slate-600 text-xs tabular-nums"
                >
                  {shortDay(day.date)}
                </text>
              );
            })}
            <rect
              x={MARGIN.left}
              y={MARGIN.top}
              width={plotWidth}
              height={plotHeight}
              fill="transparent"
              onPointerMove={pick}
              onPointerDown={pick}
              onPointerLeave={() => onHover(null)}
            />
          </svg>
        )}
      </div>
    </div>
  );
}

function peakText(days: readonly Day[], values: readonly number[], format: (value: number) => string) {
  let best = -1;
  values.forEach((value, index) => {
    if (value > 0 && (best === -1 || value > (values[best] ?? 0))) best = index;
  });
  const day = days[best];
  return day ? ` Больше всего — ${displayDay(day.date)}: ${format(values[best] ?? 0)}.` : '';
}

/**
 * The day-by-day chart: orders created and amount paid, as two bar panels drawn in SVG (each with a
 * title and a summary for screen readers) and a visually hidden table with every number.
 */
export function DailyChart({ daily }: { daily: readonly Day[] }) {
  const [hover, setHover] = useState<number | null>(null);
  const orders = daily.map((day) => day.orders);
  const paid = daily.map((day) => day.paid_amount);
  const totalOrders = orders.reduce((sum, n) => sum + n, 0);
  const totalPaid = kopecksToRubles(sumKopecks(daily.map((day) => amountToKopecks(day.paid_amount))));
  const paidOrders = daily.reduce((sum, day) => sum + day.paid_orders, 0);
  const first = daily[0];
  const last = daily.at(-1);
  const span = first && last ? `с ${displayDay(first.date)} по ${displayDay(last.date)}` : '';
  const hovered = hover === null ? undefined : daily[hover];

  return (
    <figure className="flex flex-col gap-5">
      <p className="min-h-5 text-sm text-slate-700 tabular-nums" aria-hidden="true">
        {hovered ? (
          <>
            <span className="font-semibold text-slate-900">{displayDay(hovered.date)}</span>
            {` · ${hovered.orders} ${ordersWord(hovered.orders)} · оплачено ${hovered.paid_orders} на ${formatRubles(hovered.paid_amount)}`}
          </>
        ) : (
          <span className="text-slate-600">Наведите на столбец или коснитесь его, чтобы увидеть день</span>
        )}
      </p>
      <Panel
        title="Заказы по дням"
        description={`${span}: ${totalOrders} ${ordersWord(totalOrders)}.${peakText(daily, orders, (n) => `${n} ${ordersWord(n)}`)}`}
        days={daily}
        values={orders}
        format={(value) => INTEGER.format(value)}
        color="#4f46e5"
        hover={hover}
        onHover={setHover}
      />
      <Panel
        title="Оплачено по дням"
        description={`${span}: оплачено ${paidOrders} ${ordersWord(paidOrders)} на ${formatRubles(totalPaid)}.${peakText(daily, paid, formatRubles)}`}
        days={daily}
        values={paid}
        format={(value) => ROUBLES.format(value)}
        color="#0d9488"
        hover={hover}
        onHover={setHover}
      />
      {/* In a wrapper: a table ignores the 1-px box of sr-only and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Заказы и оплаты по дням</caption>
          <thead>
            <tr>
              <th scope="col">Дата</th>
              <th scope="col">Создано заказов</th>
              <th scope="col">Оплачено заказов</th>
              <th scope="col">Оплачено, ₽</th>
              <th scope="col">Возвраты, ₽</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.date}>
                <th scope="row">{displayDay(day.date)}</th>
                <td>{day.orders}</td>
                <td>{day.paid_orders}</td>
                <td>{formatRubles(day.paid_amount)}</td>
                <td>{formatRubles(day.refunded_amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
