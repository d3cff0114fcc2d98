import { validationError } from './errors';

/** Filters and periods live between these years; outside them dates do not survive the round trip
 * through the database drivers (year 0, five-digit years) and mean nothing for a shop anyway. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2999;

/** Throws a 400 on `field` when `date` is invalid or outside FIRST_YEAR…LAST_YEAR. */
export function assertDateInRange(date: Date, field: string): void {
  const year = date.getUTCFullYear();
  if (Number.isNaN(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw validationError(field, `Дата должна быть между ${FIRST_YEAR} и ${LAST_YEAR} годом`);
  }
}
