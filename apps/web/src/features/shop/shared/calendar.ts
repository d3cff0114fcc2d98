/** Month grids and range logic of the order list's two-month calendar (Russian, weeks from Monday). */
export const MONTHS_RU = [
  'Январь',
  'Февраль',
  'Март',
  'Апрель',
  'Май',
  'Июнь',
  'Июль',
  'Август',
  'Сентябрь',
  'Октябрь',
  'Ноябрь',
  'Декабрь',
] as const;

export const WEEKDAYS_RU = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;
export const WEEKDAYS_FULL_RU = [
  'понедельник',
  'вторник',
  'среда',
  'четверг',
  'пятница',
  'суббота',
  'воскресенье',
] as const;

export interface YearMonth {
  year: number;
  /** 0-based, as Date uses. */
  month: number;
}

/** A calendar day as 'YYYY-MM-DD', the format of the list's startDate/endDate. */
export function isoDay(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function addMonths({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + month + delta;
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 };
}

export function monthOf(iso: string): YearMonth {
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) - 1 };
}

/** Weeks of the month, Monday first; days outside the month are null. */
export function monthGrid({ year, month }: YearMonth): Array<Array<string | null>> {
  const first = new Date(Date.UTC(year, month, 1));
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= daysInMonth; day++) cells.push(isoDay(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export interface DraftRange {
  start: string | null;
  end: string | null;
}

/** A click: the first sets the start, the second the end (a day before the start swaps them). */
export function selectDay(range: DraftRange, day: string): DraftRange {
  if (!range.start || range.end) return { start: day, end: null };
  if (day < range.start) return { start: day, end: range.start };
  return { start: range.start, end: day };
}

export type RangeKind = 'start' | 'middle' | 'end' | 'single' | null;

/** Spec §4: range days are start, middle or end; a one-day range is both ends. */
export function rangeKind(range: DraftRange, day: string): RangeKind {
  const { start, end } = range;
  if (!start) return null;
  if (!end || start === end) return day === start ? 'single' : null;
  if (day === start) return 'start';
  if (day === end) return 'end';
  if (day > start && day < end) return 'middle';
  return null;
}

/** A complete range to apply: a lone start becomes a one-day range. */
export function finishRange(range: DraftRange): { startDate: string | null; endDate: string | null } {
  if (!range.start) return { startDate: null, endDate: null };
  return { startDate: range.start, endDate: range.end ?? range.start };
}

function parts(iso: string) {
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) - 1, day: Number(iso.slice(8, 10)) };
}

/** 'DD.MM.YYYY' for the button label. */
export function displayDay(iso: string): string {
  const { year, month, day } = parts(iso);
  return `${String(day).padStart(2, '0')}.${String(month + 1).padStart(2, '0')}.${year}`;
}

const MONTHS_GENITIVE_RU = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

/** 'пятница, 14 ноября 2025' for a day button's accessible name. */
export function spokenDay(iso: string): string {
  const { year, month, day } = parts(iso);
  const weekday = (new Date(Date.UTC(year, month, day)).getUTCDay() + 6) % 7;
  return `${WEEKDAYS_FULL_RU[weekday]}, ${day} ${MONTHS_GENITIVE_RU[month]} ${year}`;
}

export function rangeLabel(startDate: string | null, endDate: string | null): string | null {
  if (!startDate) return null;
  if (!endDate || endDate === startDate) return displayDay(startDate);
  return `${displayDay(startDate)} – ${displayDay(endDate)}`;
}

/** The day n days after iso (n may be negative), as 'YYYY-MM-DD'. */
export function addDays(iso: string, n: number): string {
  const { year, month, day } = parts(iso);
  const date = new Date(Date.UTC(year, month, day + n));
  return isoDay(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** Days before today only: the list has no orders from the future. */
export function isSelectable(day: string, today: string): boolean {
  return day <= today;
}

/**
 * The two months the calendar shows: the month of the chosen end (else today) and the one before it,
 * so the first opening shows the previous and the current month rather than two future ones.
 */
export function visibleMonthsFor(anchor: string): YearMonth {
  return addMonths(monthOf(anchor), -1);
}

/**
 * The day the arrow keys move to from `day` (a grid of weeks, Monday first): left/right a day, up/down
 * a week, Home/End the week's ends, PageUp/PageDown a month; never past today. Null for other keys.
 */
export function keyTarget(day: string, key: string, today: string): string | null {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  let next: string;
  if (key === 'ArrowLeft') next = addDays(day, -1);
  else if (key === 'ArrowRight') next = addDays(day, 1);
  else if (key === 'ArrowUp') next = addDays(day, -7);
  else if (key === 'ArrowDown') next = addDays(day, 7);
  else if (key === 'Home') next = addDays(day, -weekday);
  else if (key === 'End') next = addDays(day, 6 - weekday);
  else if (key === 'PageUp' || key === 'PageDown') {
    const target = addMonths(monthOf(day), key === 'PageUp' ? -1 : 1);
    const last = new Date(Date.UTC(target.year, target.month + 1, 0)).getUTCDate();
    next = isoDay(target.year, target.month, Math.min(Number(day.slice(8, 10)), last));
  } else return null;
  return next > today ? today : next;
}
