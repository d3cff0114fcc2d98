import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money';
import { OFFER_KINDS } from '../offers';
import { enumList, IsoDateTime, isoInstant, Uuid } from './common';
import { listCursors } from './list-cursors';

/**
 * The partner banks' side of the protocol (DESIGN §13; docs/banks.md): what a bank sends to
 * /api/bank/v1 and what it reads back. Amounts are roubles on the wire, kopecks inside.
 */
export const BANK_APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'withdrawn'] as const;
export type BankApplicationStatus = (typeof BANK_APPLICATION_STATUSES)[number];

const roubles = (field: string) =>
  z
    .number({ error: `${field}: ожидается сумма в рублях (число)` })
    .nonnegative(`${field}: сумма не может быть отрицательной`)
    .max(1_000_000_000, `${field}: слишком большая сумма`)
    .refine(hasAtMostTwoDecimals, `${field}: не больше двух знаков после запятой`);

export const BankOfferInput = z
  .strictObject({
    id: z
      .string({ error: 'offers[].id: ожидается строка' })
      .regex(/^[\x21-\x7e]{1,64}$/, 'offers[].id: от 1 до 64 печатных символов ASCII'),
    kind: z.enum(OFFER_KINDS, { error: 'offers[].kind: deferral или instalments' }),
    term_days: z.number().int().min(1).max(365).optional(),
    term_months: z.number().int().min(1).max(60).optional(),
    fee: roubles('offers[].fee'),
    monthly_payment: roubles('offers[].monthly_payment').optional(),
    valid_until: isoInstant('offers[].valid_until: ожидается дата-время ISO 8601'),
  })
  .superRefine((o, ctx) => {
    if (o.kind === 'deferral' && (o.term_days === undefined || o.term_months !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Отсрочка: укажите term_days (1–365) и не указывайте term_months',
      });
    }
    if (o.kind === 'instalments') {
      if (o.term_months === undefined || o.term_days !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: 'Рассрочка: укажите term_months (1–60) и не указывайте term_days',
        });
      }
      if (o.monthly_payment === undefined) {
        ctx.addIssue({ code: 'custom', message: 'Рассрочка: укажите monthly_payment' });
      }
    }
  })
  .meta({ id: 'BankOfferCreate' });
export type BankOfferInput = z.infer<typeof BankOfferInput>;

export const BankDecisionInput = z
  .strictObject({
    decision: z.enum(['approved', 'rejected'], { error: 'decision: approved или rejected' }),
    offers: z.array(BankOfferInput).max(10, 'Не больше 10 предложений').optional(),
    reason: z.string().max(500, 'reason: не длиннее 500 символов').optional(),
  })
  .superRefine((d, ctx) => {
    if (d.decision === 'approved' && (d.offers?.length ?? 0) === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['offers'],
        message: 'Одобрение без предложений: передайте хотя бы одно в offers',
      });
    }
    if (d.decision === 'rejected' && (d.offers?.length ?? 0) > 0) {
      ctx.addIssue({ code: 'custom', path: ['offers'], message: 'При отказе offers не передаются' });
    }
    const ids = (d.offers ?? []).map((o) => o.id);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['offers'], message: 'id предложений не должны повторяться' });
    }
  })
  .meta({
    id: 'BankDecisionCreate',
    examples: [
      {
        decision: 'approved',
        offers: [
          { id: 'd30', kind: 'deferral', term_days: 30, fee: 19.96, valid_until: '2026-12-03T09:00:00Z' },
          {
            id: 'i6',
            kind: 'instalments',
            term_months: 6,
            fee: 68.27,
            monthly_payment: 186.43,
            valid_until: '2026-12-03T09:00:00Z',
          },
        ],
      },
    ],
  });
export type BankDecisionInput = z.infer<typeof BankDecisionInput>;

export const BankPaymentInput = z
  .strictObject({
    amount: roubles('amount'),
    reference: z
      .string()
      .trim()
      .min(1, 'reference: номер платёжного поручения')
      .max(64, 'reference: не длиннее 64 символов'),
    paid_at: isoInstant('paid_at: ожидается дата-время ISO 8601'),
  })
  .meta({
    id: 'BankPaymentCreate',
    examples: [{ amount: 1050.3, reference: 'SEVER-418203', paid_at: '2026-11-24T10:05:00Z' }],
  });
export type BankPaymentInput = z.infer<typeof BankPaymentInput>;

export const RefundConfirmationInput = z
  .strictObject({
    reference: z
      .string()
      .trim()
      .min(1, 'reference: номер документа банка')
      .max(64, 'reference: не длиннее 64 символов'),
  })
  .meta({ id: 'RefundConfirmationCreate', examples: [{ reference: 'SEVER-R418203' }] });

export const BankOfferView = z
  .object({
    id: z.string(),
    kind: z.enum(OFFER_KINDS),
    term_days: z.number().int().nullable(),
    term_months: z.number().int().nullable(),
    fee: z.number(),
    monthly_payment: z.number().nullable(),
    valid_until: IsoDateTime,
  })
  .meta({ id: 'BankOfferView' });

export const BankApplication = z
  .object({
    id: Uuid,
    status: z.enum(BANK_APPLICATION_STATUSES),
    order: z.object({ id: Uuid, number: z.string(), amount: z.number() }),
    respond_by: IsoDateTime,
    decided_at: IsoDateTime.nullable(),
    offers: z.array(BankOfferView),
    accepted_offer_id: z.string().nullable(),
    payment: z.object({ amount: z.number(), reference: z.string(), paid_at: IsoDateTime }).nullable(),
    created_at: IsoDateTime,
  })
  .meta({
    id: 'BankApplication',
    examples: [
      {
        id: '0b7d1c52-6a0e-4f3e-9d3a-2c8f4b1e7a90',
        status: 'approved',
        order: { id: '7d4f2a90-1c3b-4e5f-8a6d-9b0c1d2e3f40', number: '42', amount: 1050.3 },
        respond_by: '2026-11-25T09:30:00.000Z',
        decided_at: '2026-11-24T09:52:00.000Z',
        offers: [
          {
            id: 'd30',
            kind: 'deferral',
            term_days: 30,
            term_months: null,
            fee: 19.96,
            monthly_payment: null,
            valid_until: '2026-12-01T09:52:00.000Z',
          },
        ],
        accepted_offer_id: 'd30',
        payment: null,
        created_at: '2026-11-24T09:30:00.000Z',
      },
    ],
  });
export type BankApplication = z.infer<typeof BankApplication>;

export const BankApplicationList = z
  .object({ items: z.array(BankApplication), has_more: z.boolean() })
  .meta({ id: 'BankApplicationList' });
export type BankApplicationList = z.infer<typeof BankApplicationList>;

export const BankApplicationListQuery = z.strictObject({
  status: enumList(BANK_APPLICATION_STATUSES, 'status').meta({
    description: 'Статус; можно повторять (status=a&status=b) или перечислить через запятую (status=a,b)',
  }),
  ...listCursors('заявки'),
  limit: z.coerce
    .number({ error: 'limit: целое число от 1 до 100' })
    .int()
    .min(1)
    .max(100)
    .default(20)
    .meta({ description: 'Заявок на странице: 1…100' }),
});

export const RefundConfirmation = z
  .object({
    refund_id: Uuid,
    application_id: Uuid,
    amount: z.number(),
    reference: z.string(),
    confirmed_at: IsoDateTime,
  })
  .meta({ id: 'RefundConfirmation' });
export type RefundConfirmation = z.infer<typeof RefundConfirmation>;

/** What B2BPay sends a bank: the type, the moment, the data (docs/banks.md lists each type's data). */
export const BANK_MESSAGE_TYPES = [
  'application.created',
  'application.withdrawn',
  'offer.accepted',
  'refund.created',
] as const;
export type BankMessageType = (typeof BANK_MESSAGE_TYPES)[number];
export const WITHDRAW_REASONS = ['order_cancelled', 'other_offer_accepted', 'offers_lapsed'] as const;
export type WithdrawReason = (typeof WITHDRAW_REASONS)[number];
