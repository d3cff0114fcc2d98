import { z } from 'zod';
import { STAFF_ROLES } from '../staff-roles';
import { BANK_APPLICATION_STATUSES } from './bank-api';
import { AccountEmail, AccountPassword, LinkToken } from './cabinet';
import { IsoDateTime, shortText, Uuid } from './common';
import { listCursors } from './list-cursors';

/** The back office's API (DESIGN §14), /api/admin/v1: staff sessions, leads, shops, applications, banks. */
export const StaffRoleSchema = z.enum(STAFF_ROLES);

export const StaffUser = z
  .object({ id: Uuid, email: z.string(), role: StaffRoleSchema })
  .meta({ id: 'StaffUser' });
export type StaffUser = z.infer<typeof StaffUser>;

export const StaffSession = z.object({ user: StaffUser, csrf_token: z.string() }).meta({
  id: 'StaffSession',
  examples: [
    {
      user: { id: '3f1d2c4b-5a69-4e7d-8c0b-1a2b3c4d5e6f', email: 'anna@b2bpay.ru', role: 'sales' },
      csrf_token: 'Zk3…',
    },
  ],
});
export type StaffSession = z.infer<typeof StaffSession>;

export const StaffLogin = z
  .strictObject({ email: AccountEmail, password: z.string().min(1).max(256) })
  .meta({ id: 'StaffLogin', examples: [{ email: 'anna@b2bpay.ru', password: 'длинный-пароль-2026' }] });
export type StaffLogin = z.infer<typeof StaffLogin>;

export const StaffSetPassword = z
  .strictObject({ token: LinkToken, password: AccountPassword })
  .meta({ id: 'StaffSetPassword', examples: [{ token: 'tK9…', password: 'длинный-пароль-2026' }] });
export type StaffSetPassword = z.infer<typeof StaffSetPassword>;

export const LEAD_STATUSES = ['new', 'in_progress', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'Новый',
  in_progress: 'В работе',
  won: 'Успех',
  lost: 'Отказ',
};
/** Where a lead may go from each status: new → in_progress → won | lost (and back to work from lost). */
export const LEAD_TRANSITIONS: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['in_progress', 'lost'],
  in_progress: ['won', 'lost'],
  won: [],
  lost: ['in_progress'],
};

export const LeadNote = z.object({ text: z.string(), author: z.string(), created_at: IsoDateTime });
export const Lead = z
  .object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string(),
    status: z.enum(LEAD_STATUSES),
    owner: z.string().nullable().meta({ description: 'E-mail сотрудника, который ведёт лид' }),
    notes: z.array(LeadNote),
    shop_id: Uuid.nullable().meta({ description: 'Магазин, созданный по лиду' }),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  })
  .meta({ id: 'Lead' });
export type Lead = z.infer<typeof Lead>;

export const LeadList = z.object({ items: z.array(Lead) }).meta({ id: 'LeadList' });
export const LeadListQuery = z.strictObject({
  status: z.enum(LEAD_STATUSES).optional().meta({ description: 'Только лиды в этом статусе' }),
});
export const LeadPatch = z
  .strictObject({
    status: z.enum(LEAD_STATUSES).optional(),
    owner: AccountEmail.nullable().optional(),
    note: shortText(2000).min(1, 'Заметка не может быть пустой').optional(),
  })
  .refine((p) => Object.keys(p).length > 0, 'Укажите status, owner или note')
  .meta({ id: 'LeadPatch', examples: [{ status: 'in_progress', note: 'Позвонила, ждут договор' }] });
export type LeadPatch = z.infer<typeof LeadPatch>;

export const StaffShopCreate = z
  .strictObject({
    name: shortText(255).min(1, 'Укажите название магазина'),
    email: AccountEmail,
    inn: z.string().trim().max(12),
    lead_id: z.number().int().positive().optional(),
  })
  .meta({
    id: 'StaffShopCreate',
    examples: [{ name: 'ООО «Ромашка»', email: 'owner@romashka.ru', inn: '7707083893' }],
  });
export type StaffShopCreate = z.infer<typeof StaffShopCreate>;

export const ShopSummary = z
  .object({
    id: Uuid,
    name: z.string(),
    email: z.string(),
    inn: z.string().nullable(),
    suspended: z.boolean(),
    created_at: IsoDateTime,
  })
  .meta({ id: 'ShopSummary' });
export type ShopSummary = z.infer<typeof ShopSummary>;

export const ShopCard = ShopSummary.extend({
  suspension: z.object({ reason: z.string(), at: IsoDateTime, by: z.string() }).nullable(),
  figures: z.object({
    orders_30d: z.number().int(),
    amount_30d: z.number().meta({ description: 'Сумма заказов за 30 дней, в рублях' }),
    submitted_30d: z.number().int(),
    approved_30d: z.number().int(),
    approval_rate: z
      .number()
      .nullable()
      .meta({ description: 'Доля одобренных среди отправленных в банки, 0…1' }),
  }),
  webhooks: z.object({
    failing: z.boolean(),
    last_delivered_at: IsoDateTime.nullable(),
    pending: z.number().int(),
  }),
  members: z.array(z.object({ email: z.string(), role: z.string() })),
  keys: z.array(
    z.object({
      kind: z.string(),
      hint: z.string(),
      /** A live key, or the test mode's. */
      livemode: z.boolean(),
      created_at: IsoDateTime,
      last_used_at: IsoDateTime.nullable(),
    }),
  ),
  recent_orders: z.array(
    z.object({
      id: Uuid,
      order_number: z.string(),
      status: z.string(),
      amount: z.number(),
      created_at: IsoDateTime,
    }),
  ),
}).meta({ id: 'ShopCard' });
export type ShopCard = z.infer<typeof ShopCard>;

export const ShopSearchQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .meta({
      description:
        'Поиск: часть названия или e-mail магазина без учёта регистра либо ИНН целиком. Без него — все; ' +
        'не больше 100 магазинов, новые сверху',
    }),
});
export const ShopSuspend = z
  .strictObject({ reason: shortText(1000).min(1, 'Укажите причину приостановки') })
  .meta({ id: 'ShopSuspend', examples: [{ reason: 'Жалобы покупателей, проверка' }] });

export const ApplicationStatsQuery = z.strictObject({
  status: z.enum(BANK_APPLICATION_STATUSES).optional().meta({ description: 'Только заявки в этом статусе' }),
  bank: z
    .string()
    .max(32)
    .optional()
    .meta({ description: 'Только заявки этого банка: код банка-партнёра, например sever' }),
});
export const ApplicationStats = z
  .object({
    items: z.array(
      z.object({
        id: Uuid,
        order_id: Uuid,
        order_number: z.string(),
        shop_name: z.string(),
        bank: z.string(),
        status: z.enum(BANK_APPLICATION_STATUSES),
        submitted_at: IsoDateTime,
        decided_at: IsoDateTime.nullable(),
        respond_by: IsoDateTime.nullable(),
      }),
    ),
    banks: z.array(
      z.object({
        bank: z.string(),
        name: z.string(),
        decided: z.number().int(),
        median_seconds: z.number().nullable(),
        p90_seconds: z.number().nullable(),
        sla_breaches: z.number().int().meta({ description: 'Заявки, истёкшие без ответа (respond_by)' }),
      }),
    ),
  })
  .meta({ id: 'ApplicationStats' });

export const BankHealth = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        endpoint_url: z.string(),
        enabled: z.boolean(),
        pending: z.number().int(),
        failing: z.number().int(),
        failed: z.number().int(),
        last_delivered_at: IsoDateTime.nullable(),
        last_error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'BankHealth' });

export const StaffAuditEntry = z.object({
  id: Uuid,
  actor_email: z.string(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  created_at: IsoDateTime,
});
export const StaffAuditList = z
  .object({ items: z.array(StaffAuditEntry), has_more: z.boolean() })
  .meta({ id: 'StaffAuditList' });
const STAFF_AUDIT_LIMIT_TEXT = 'limit: целое число от 1 до 100';
export const StaffAuditQuery = z.strictObject({
  limit: z.coerce
    .number({ error: STAFF_AUDIT_LIMIT_TEXT })
    .int(STAFF_AUDIT_LIMIT_TEXT)
    .min(1, STAFF_AUDIT_LIMIT_TEXT)
    .max(100, STAFF_AUDIT_LIMIT_TEXT)
    .default(50)
    .meta({ description: 'Записей на странице: 1…100, по умолчанию 50' }),
  ...listCursors('записи'),
});

export const STAFF_MESSAGES = {
  sessionRequired: 'Войдите в бэк-офис',
  forbidden: 'Недостаточно прав',
  shopSuspended: 'Магазин приостановлен B2BPay. Свяжитесь с поддержкой: support@b2bpay.ru',
  leadTransition: 'Лид нельзя перевести из «{from}» в «{to}»',
  leadNotFound: 'Лид не найден',
  shopNotFound: 'Магазин не найден',
  alreadySuspended: 'Магазин уже приостановлен',
  notSuspended: 'Магазин не приостановлен',
} as const;
