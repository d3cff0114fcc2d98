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

export const StatsQuery = z.strictObject({
  date_from: IsoDay.optional().meta({
    description:
      'Первый день периода, ГГГГ-ММ-ДД по Москве; по умолчанию — за 29 дней до date_to (30 дней вместе с ним)',
  }),
  date_to: IsoDay.optional().meta({
    description:
      `Последний день периода включительно, ГГГГ-ММ-ДД по Москве; по умолчанию — сегодня. ` +
      `Период не длиннее ${STATS_MAX_DAYS} дней`,
  }),
});
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
    /** The period's orders a bank approved or rejected, whatever became of them later. */
    decisions: z.object({ approved: z.number().int(), rejected: z.number().int() }),
    /**
     * The period's paid orders (refunded later or not): paid amount, what was returned of it, and net
     * turnover (paid − refunded).
     */
    paid: z.object({
      orders: z.number().int(),
      amount: z.number(),
      refunded_orders: z.number().int(),
      refunded_amount: z.number(),
      net_amount: z.number(),
    }),
    daily: z.array(
      z.object({
        date: z.string(),
        orders: z.number().int(),
        /** Orders paid that day, and their amount (refunded later or not). */
        paid_orders: z.number().int(),
        paid_amount: z.number(),
        /** Returns taken that day. */
        refunded_amount: z.number(),
      }),
    ),
  })
  .meta({
    id: 'Stats',
    examples: [
      {
        date_from: '2026-11-18',
        date_to: '2026-11-24',
        orders: 12,
        amount: 184_300.5,
        average_amount: 15_358.38,
        approval_rate: 0.75,
        by_status: [
          { status: 'payment_sent', orders: 6, amount: 112_900 },
          { status: 'bank_info_expected', orders: 2, amount: 31_400.5 },
          { status: 'app_rejected', orders: 2, amount: 25_000 },
          { status: 'client_expected', orders: 2, amount: 15_000 },
        ],
        funnel: { created: 12, link_opened: 11, submitted: 10, approved: 6, paid: 6 },
        decisions: { approved: 6, rejected: 2 },
        paid: {
          orders: 6,
          amount: 112_900,
          refunded_orders: 1,
          refunded_amount: 5_000.5,
          net_amount: 107_899.5,
        },
        daily: [
          { date: '2026-11-23', orders: 5, paid_orders: 2, paid_amount: 40_200, refunded_amount: 0 },
          { date: '2026-11-24', orders: 7, paid_orders: 4, paid_amount: 72_700, refunded_amount: 5_000.5 },
        ],
      },
    ],
  });
export type Stats = z.infer<typeof Stats>;

const EXAMPLE_HISTORY = [
  {
    from_status: null,
    to_status: 'client_expected' as const,
    actor: 'shop',
    reason: null,
    created_at: '2026-11-24T09:30:00.000Z',
  },
  {
    from_status: 'client_expected' as const,
    to_status: 'bank_info_expected' as const,
    actor: 'buyer',
    reason: null,
    created_at: '2026-11-24T09:47:00.000Z',
  },
];

export const StatusHistoryEntry = z
  .object({
    from_status: z.enum(ORDER_STATUSES).nullable(),
    to_status: z.enum(ORDER_STATUSES),
    actor: z.string(),
    reason: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'StatusHistoryEntry', examples: [EXAMPLE_HISTORY[1]] });
export type StatusHistoryEntry = z.infer<typeof StatusHistoryEntry>;

/** An order's status history, oldest first (GET /api/order/orders/{order_id}/history). */
export const StatusHistory = z.array(StatusHistoryEntry).meta({ examples: [EXAMPLE_HISTORY] });

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
  .meta({
    id: 'KeyRotated',
    examples: [
      {
        kind: 'secret',
        key: 'sk_live_9fKq2LmXw7RtYp4ZbN8cVd3sH6jT1qPa',
        hint: 'sk_live_…1qPa',
        old_key_expires_at: '2026-11-24T13:00:00.000Z',
      },
    ],
  });
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
