import { z } from 'zod';
import { isCalendarDay } from '../dates';
import { ORDER_STATUSES } from '../statuses';
import { IsoDateTime } from './common';
import { ExpireOldInSeconds } from './webhooks';

const IsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Ожидается дата ГГГГ-ММ-ДД')
  .refine(isCalendarDay, { message: 'Такой даты не существует' });

export const STATS_MAX_DAYS = 366;

export const StatsQuery = z.strictObject({ date_from: IsoDay.optional(), date_to: IsoDay.optional() });
export type StatsQuery = z.infer<typeof StatsQuery>;

export const Stats = z
  .object({
    date_from: z.string(),
    date_to: z.string(),
    orders: z.number().int(),
    amount: z.number(),
    average_amount: z.number(),
    approval_rate: z.number().nullable(),
    by_status: z.array(z.object({ status: z.string(), orders: z.number().int(), amount: z.number() })),
    funnel: z.object({
      created: z.number().int(),
      link_opened: z.number().int(),
      submitted: z.number().int(),
      approved: z.number().int(),
      paid: z.number().int(),
    }),
    paid: z.object({ orders: z.number().int(), amount: z.number() }),
    daily: z.array(
      z.object({
        date: z.string(),
        orders: z.number().int(),
        paid_orders: z.number().int(),
        paid_amount: z.number(),
      }),
    ),
  })
  .meta({ id: 'Stats' });
export type Stats = z.infer<typeof Stats>;

export const StatusHistoryEntry = z
  .object({
    from_status: z.enum(ORDER_STATUSES).nullable(),
    to_status: z.enum(ORDER_STATUSES),
    actor: z.string(),
    reason: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'StatusHistoryEntry' });
export type StatusHistoryEntry = z.infer<typeof StatusHistoryEntry>;

export const KeyRotate = z
  .strictObject({
    kind: z.enum(['secret', 'publishable']),
    expire_old_in_seconds: ExpireOldInSeconds.default(0),
  })
  .meta({ id: 'KeyRotate', examples: [{ kind: 'secret', expire_old_in_seconds: 3600 }] });
export const KeyRotated = z
  .object({
    kind: z.enum(['secret', 'publishable']),
    key: z.string(),
    hint: z.string(),
    /** When the previous key stops working; null — it stopped at once. */
    old_key_expires_at: IsoDateTime.nullable(),
  })
  .meta({ id: 'KeyRotated' });
export type KeyRotated = z.infer<typeof KeyRotated>;

/** One message of the shop's live event stream (GET /api/events, server-sent events). */
export const LiveEvent = z.object({
  id: z.string(),
  event: z.string(),
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  status: z.string().nullable(),
  previous_status: z.string().nullable(),
  timestamp: z.string(),
});
export type LiveEvent = z.infer<typeof LiveEvent>;
