import { z } from 'zod';
import { isCalendarDay } from '../dates';

/** Error codes of the public API (spec §8, issue 2). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** The buyer submitted for an order version that is no longer current (issue 16). */
  'ORDER_CHANGED',
  // 409: an order of the shop already has this external_id (DESIGN §11); `order_id` names it.
  'DUPLICATE_EXTERNAL_ID',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ApiErrorBody = z
  .object({
    detail: z.string(),
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      field: z.string().optional(),
      /** DUPLICATE_EXTERNAL_ID: the existing order that already has the external_id. */
      order_id: z.string().optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Text fields trim their value; 255 is the product-wide limit for names (DESIGN §7). */
export const shortText = (max = 255) => z.string().trim().max(max);

export const IsoDateTime = z.string().meta({ format: 'date-time' });

/** A bare date (covers its whole day) or a full ISO 8601 date-time, on a day that exists. */
export const DateOrDateTime = z
  .string()
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))),
    {
      message: 'Ожидается дата ГГГГ-ММ-ДД или дата-время ISO 8601',
    },
  )
  .refine((v) => isCalendarDay(v.slice(0, 10)), {
    message: 'Такой даты не существует',
  });

export const HttpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { message: 'Ожидается адрес http(s)://…' },
  );

export const Uuid = z.uuid();
