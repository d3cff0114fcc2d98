export type DateInput = string | number | Date | null | undefined;

/** Spec §5 "Date display" texts. */
export const EMPTY_DATE_TIME = '--.--.---- --:--';
export const INVALID_DATE = 'Неверная дата';
export const DATE_ERROR = 'Ошибка даты';

const EMPTY_DATE = '--.--.----';

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

// Assembled from parts rather than format(), whose ru-RU output puts ', ' between date and time.
function formatParts(date: Date, withTime: boolean, timeZone: string | undefined): string {
  const format = new Intl.DateTimeFormat('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    timeZone,
  });
  const parts: Parts = {};
  for (const part of format.formatToParts(date)) parts[part.type] = part.value;
  const day = `${parts.day}.${parts.month}.${parts.year}`;
  return withTime ? `${day} ${parts.hour}:${parts.minute}` : day;
}

function format(value: DateInput, withTime: boolean, timeZone: string | undefined): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return withTime ? EMPTY_DATE_TIME : EMPTY_DATE;
  }
  try {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return INVALID_DATE;
    return formatParts(date, withTime, timeZone);
  } catch {
    // An unknown time zone, or a value whose coercion throws, must not break a whole order list.
    return DATE_ERROR;
  }
}

/** 'dd.MM.yyyy HH:mm' in Russian style; timeZone defaults to the runtime's. */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  return format(value, true, timeZone);
}

/** 'dd.MM.yyyy'; the same empty/invalid/error texts as formatDateTime, minus the time part. */
export function formatDate(value: DateInput, timeZone?: string): string {
  return format(value, false, timeZone);
}

/**
 * Whether a 'YYYY-MM-DD' names a day that exists: JavaScript's date parser reads 2024-02-30 as
 * 1 March, so a filter on it would silently mean another day.
 */
/** Bare dates are the shop's calendar days; Russian shops live on Moscow time (UTC+3, no DST). */
export const BUSINESS_UTC_OFFSET = '+03:00';

/** The first moment of a calendar day (YYYY-MM-DD) on Moscow time. */
export function startOfBusinessDay(day: string): Date {
  return new Date(`${day}T00:00:00${BUSINESS_UTC_OFFSET}`);
}

/**
 * A bound a client passes as a bare date (from the start of that Moscow day) or as an ISO 8601
 * moment: the moment it stands for.
 */
export function instantOfBound(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? startOfBusinessDay(value) : new Date(value);
}

export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** 'YYYY-MM-DD' of the local calendar day: the shape of the order list's startDate/endDate. */
export function toIsoDate(d: Date): string {
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid date');
  const year = String(d.getFullYear()).padStart(4, '0');
  const month = String(d.getMonth() + 1).padStart(2, '0');
  const day = String(d.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}
