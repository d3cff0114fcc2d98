import * as Popover from '@radix-ui/react-popover';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../../shared/lib/cn';
import { Button } from '../../../shared/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../shared/ui/icons';
import {
  addMonths,
  type DraftRange,
  finishRange,
  isoDay,
  isSelectable,
  keyTarget,
  MONTHS_RU,
  monthGrid,
  monthOf,
  rangeKind,
  rangeLabel,
  selectDay,
  spokenDay,
  visibleMonthsFor,
  WEEKDAYS_RU,
  type YearMonth,
} from './calendar';
import { DateRangeButton } from './date-range-button';

export interface DateRangePickerProps {
  startDate: string | null;
  endDate: string | null;
  onApply: (range: { startDate: string | null; endDate: string | null }) => void;
  /** Today as 'YYYY-MM-DD' (injectable for tests); the calendar opens on this month when nothing is chosen. */
  today: string;
  /** The button's text (the order list's is 'Дата/Даты'). */
  label?: string;
  /** One day rather than a period: a click picks the day (startDate = endDate). */
  single?: boolean;
  /** Opens the calendar when it becomes more than 0 or grows (presses of date-range-field.tsx's stand-in). */
  openRequest?: number;
  /** Focus the button on mount (the stand-in had the focus). */
  focusTrigger?: boolean;
}

function Month({
  month,
  draft,
  today,
  focusDay,
  onPick,
  onKey,
}: {
  month: YearMonth;
  draft: DraftRange;
  today: string;
  /** The one day that is a tab stop; the arrow keys move it (a roving tab index). */
  focusDay: string;
  onPick: (day: string) => void;
  onKey: (day: string, event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const title = `${MONTHS_RU[month.month]} ${month.year}`;
  return (
    <div className="w-[280px]">
      <p className="mb-2 text-center text-sm font-semibold text-slate-900">{title}</p>
      <table className="w-full border-collapse" aria-label={title}>
        <thead>
          <tr>
            {WEEKDAYS_RU.map((day) => (
              <th key={day} scope="col" className="h-8 text-center text-xs font-medium text-slate-600">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week.find(Boolean) ?? 'empty'}>
              {week.map((day, index) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have no identity but their position
                if (!day) return <td key={`blank-${index}`} />;
                const kind = rangeKind(draft, day);
                const selected = kind === 'start' || kind === 'end' || kind === 'single';
                return (
                  <td
                    key={day}
                    className={cn(
                      'p-0 text-center',
                      kind === 'middle' && 'bg-brand-50',
                      kind === 'start' && 'rounded-l-full bg-brand-50',
                      kind === 'end' && 'rounded-r-full bg-brand-50',
                    )}
                  >
                    <button
                      type="button"
                      onClick={() => onPick(day)}
                      onKeyDown={(event) => onKey(day, event)}
                      tabIndex={day === focusDay ? 0 : -1}
                      disabled={!isSelectable(day, today)}
                      aria-label={spokenDay(day)}
                      data-day={day}
                      aria-pressed={kind !== null}
                      data-range={kind ?? undefined}
                      className={cn(
                        'inline-flex size-10 items-center justify-center rounded-full text-sm tabular-nums transition-colors duration-150',
                        'disabled:cursor-not-allowed disabled:text-slate-400 disabled:line-through disabled:hover:bg-transparent',
                        selected
                          ? 'bg-brand-700 font-semibold text-white hover:bg-brand-800'
                          : kind === 'middle'
                            ? 'text-brand-900 hover:bg-brand-100'
                            : 'text-slate-800 hover:bg-slate-100',
                        day === today &&
                          !selected &&
                          'font-semibold text-brand-700 underline underline-offset-4',
                      )}
                    >
                      {Number(day.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Narrower than Tailwind's `md`: the calendar shows one month, under its button. */
const NARROW_QUERY = '(max-width: 767.98px)';

/** The phone-width query, or null where there is no matchMedia (the pre-render, old test set-ups). */
const narrowQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY)
    : null;

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => narrowQuery()?.matches ?? false);
  useEffect(() => {
    const list = narrowQuery();
    if (!list) return;
    const update = () => setNarrow(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return narrow;
}

/**
 * The 'Дата/Даты' button and its range calendar (spec §2), or with `single` one day's; a click outside
 * closes it. Two months on
 * wider screens (the one before and the chosen end's, else today's); on phones one, the chosen end's
 * or today's, and the button is scrolled up first so the calendar opens whole under it. It opens with
 * the focus on that day (today when nothing is chosen).
 */
export function DateRangePicker({
  startDate,
  endDate,
  onApply,
  today,
  label: buttonLabel = 'Дата/Даты',
  single = false,
  openRequest = 0,
  focusTrigger = false,
}: DateRangePickerProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DraftRange>({ start: startDate, end: endDate });
  const anchor = (): string => {
    const chosen = endDate ?? startDate;
    return chosen && chosen <= today ? chosen : today;
  };
  const [visible, setVisible] = useState<YearMonth>(() => visibleMonthsFor(anchor()));
  const [focusDay, setFocusDay] = useState<string>(anchor);
  const grid = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const narrow = useNarrow();

  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    if (focusTrigger && openRequest === 0) trigger.current?.focus();
  }, []);

  const openChange = (next: boolean) => {
    if (next) {
      // Every opening starts from what is applied, not from an abandoned draft: the month of the
      // chosen end (else today) on the right, the month before on the left.
      setDraft({ start: startDate, end: endDate });
      setVisible(visibleMonthsFor(anchor()));
      setFocusDay(anchor());
      // A phone's screen has room for the calendar only under a button near its top.
      if (narrow) trigger.current?.scrollIntoView({ block: 'start' });
    }
    setOpen(next);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new press opens it
  useEffect(() => {
    if (openRequest > 0) openChange(true);
  }, [openRequest]);

  const lastVisible = addMonths(visible, 1);
  const months = narrow ? [lastVisible] : [visible, lastVisible];
  const firstShown = months[0] ?? visible;
  const canGoForward =
    lastVisible.year * 12 + lastVisible.month < monthOf(today).year * 12 + monthOf(today).month;

  // After an arrow key the new day takes the focus (once it is rendered, maybe in another month). A
  // layout effect: right after the render, as the key's own consequence. Preact runs plain effects only
  // after the next frame is painted, so a second key pressed before that would move from the old day.
  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const onKey = (day: string, event: KeyboardEvent<HTMLButtonElement>) => {
    const next = keyTarget(day, event.key, today);
    if (next === null) return;
    event.preventDefault();
    const target = monthOf(next);
    const index = (m: YearMonth) => m.year * 12 + m.month;
    if (index(target) < index(firstShown)) setVisible(addMonths(target, narrow ? -1 : 0));
    else if (index(target) > index(lastVisible)) setVisible(addMonths(target, -1));
    moved.current = true;
    setFocusDay(next);
  };

  // The tab stop stays inside the two months shown, also after «Предыдущий месяц».
  const shown = (day: string) =>
    months.some((m) => m.year === monthOf(day).year && m.month === monthOf(day).month);
  const tabDay = shown(focusDay) ? focusDay : isoDay(firstShown.year, firstShown.month, 1);

  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger asChild ref={trigger}>
        <DateRangeButton startDate={startDate} endDate={endDate} label={buttonLabel} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={single ? 'Выбор даты' : 'Выбор дат'}
          onOpenAutoFocus={(event) => {
            // The day in view takes the focus (today when nothing is chosen), not the month arrows.
            const day = grid.current?.querySelector<HTMLButtonElement>('[data-day][tabindex="0"]');
            if (!day) return;
            event.preventDefault();
            day.focus();
          }}
          className="z-40 max-h-[var(--radix-popover-content-available-height)] max-w-[calc(100vw-16px)] overflow-y-auto rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-xl shadow-slate-900/10"
        >
          <div className="relative">
            <button
              type="button"
              className="absolute top-[-6px] left-0 inline-flex size-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
              aria-label="Предыдущий месяц"
              onClick={() => setVisible((m) => addMonths(m, -1))}
            >
              <ChevronLeftIcon size={18} />
            </button>
            <button
              type="button"
              className="absolute top-[-6px] right-0 inline-flex size-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent"
              aria-label="Следующий месяц"
              disabled={!canGoForward}
              onClick={() => setVisible((m) => addMonths(m, 1))}
            >
              <ChevronRightIcon size={18} />
            </button>
            <div ref={grid} className="flex flex-col gap-6 md:flex-row">
              {months.map((month) => (
                <Month
                  key={`${month.year}-${month.month}`}
                  month={month}
                  draft={draft}
                  today={today}
                  focusDay={tabDay}
                  onKey={onKey}
                  onPick={(day) => {
                    if (!isSelectable(day, today)) return;
                    setFocusDay(day);
                    setDraft((range) => (single ? { start: day, end: null } : selectDay(range, day)));
                  }}
                />
              ))}
            </div>
          </div>
          <p className="mt-3 min-h-5 text-sm text-slate-600" aria-live="polite">
            {rangeLabel(draft.start, draft.end) ??
              (single ? 'Выберите день' : 'Выберите начало и конец периода')}
          </p>
          <div className="sticky -bottom-4 -mx-4 mt-3 -mb-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white px-4 py-3">
            <Button
              variant="ghost"
              className="mr-auto px-3 sm:px-4"
              onClick={() => setDraft({ start: null, end: null })}
            >
              Сбросить
            </Button>
            <Button variant="secondary" className="px-3 sm:px-4" onClick={() => setOpen(false)}>
              Отмена
            </Button>
            <Button
              className="px-3 sm:px-4"
              onClick={() => {
                onApply(finishRange(draft));
                setOpen(false);
              }}
            >
              Применить
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
