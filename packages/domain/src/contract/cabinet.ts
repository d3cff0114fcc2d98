import { z } from 'zod';
import { CABINET_ROLES } from '../cabinet-roles';
import { isValidEmail } from '../email';
import { validateInn } from '../inn';
import { IsoDateTime, shortText, Uuid } from './common';
import { listCursors } from './list-cursors';

/** The personal cabinet's wire contract (DESIGN §12): sign-up, log-in, sessions, team, audit. */

export const PASSWORD_MIN_LENGTH = 10;
export const CABINET_MESSAGES = {
  emailInvalid: 'Неверный формат email',
  passwordTooShort: `Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов`,
  passwordLeaked: 'Этот пароль есть в списках утёкших паролей. Придумайте другой',
  nameRequired: 'Укажите имя',
  wrongCredentials: 'Неверный e-mail или пароль',
  forbidden: 'Недостаточно прав',
  linkUsedOrExpired: 'Ссылка уже использована или устарела. Запросите новую',
  sessionRequired: 'Войдите в личный кабинет',
  shopRequired: 'Укажите магазин в заголовке X-Shop-Id',
  notMember: 'У вас нет доступа к этому магазину',
  csrfFailed: 'Запрос отклонён защитой от подделки (CSRF). Обновите страницу и повторите',
  lastOwner: 'В магазине должен остаться хотя бы один владелец',
} as const;

export const AccountEmail = z
  .string()
  .trim()
  .max(254)
  .refine(isValidEmail, CABINET_MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());
export const AccountPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, CABINET_MESSAGES.passwordTooShort)
  .max(256);
const PersonName = shortText(255).min(1, CABINET_MESSAGES.nameRequired);
/** A one-time link's token as it comes back from the address (base62). */
export const LinkToken = z.string().trim().min(1).max(128);
const Role = z.enum(CABINET_ROLES);

export const CabinetSignup = z
  .strictObject({
    email: AccountEmail,
    password: AccountPassword,
    name: PersonName,
    company: z.strictObject({
      inn: z
        .string()
        .trim()
        .max(12)
        .superRefine((inn, ctx) => {
          const problem = validateInn(inn);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      name: shortText(500).optional(),
    }),
  })
  .meta({
    id: 'CabinetSignup',
    examples: [
      {
        email: 'owner@romashka.ru',
        password: 'длинный-пароль-2026',
        name: 'Анна Смирнова',
        company: { inn: '7707083893', name: 'ООО «Ромашка»' },
      },
    ],
  });
export type CabinetSignup = z.infer<typeof CabinetSignup>;

export const CabinetSent = z
  .object({ status: z.literal('sent') })
  .meta({ id: 'CabinetSent', examples: [{ status: 'sent' }] });

export const CabinetToken = z
  .strictObject({ token: LinkToken })
  .meta({ id: 'CabinetToken', examples: [{ token: 'q8Zr0X2bT5mN7pLs4Vd1Kc9Hf3Jw6Ya0' }] });

export const CabinetLogin = z
  .strictObject({ email: AccountEmail, password: z.string().min(1).max(256) })
  .meta({ id: 'CabinetLogin', examples: [{ email: 'owner@romashka.ru', password: 'длинный-пароль-2026' }] });
export type CabinetLogin = z.infer<typeof CabinetLogin>;

export const CabinetForgot = z
  .strictObject({ email: AccountEmail })
  .meta({ id: 'CabinetForgot', examples: [{ email: 'owner@romashka.ru' }] });

export const CabinetReset = z.strictObject({ token: LinkToken, password: AccountPassword }).meta({
  id: 'CabinetReset',
  examples: [{ token: 'q8Zr0X2bT5mN7pLs4Vd1Kc9Hf3Jw6Ya0', password: 'новый-длинный-пароль' }],
});

const EXAMPLE_USER = {
  id: '9a3e5c71-4b2d-4f8e-a6c0-1d7b3e9f5a28',
  email: 'owner@romashka.ru',
  name: 'Ирина Котова',
};
const EXAMPLE_SESSION = {
  user: EXAMPLE_USER,
  shops: [
    {
      id: '5f0c2a1e-8b7d-4c3a-9e21-6d4f0b8a7c15',
      name: 'ООО «Ромашка»',
      role: 'owner' as const,
      test_shop_id: '9d3b6f0a-2c4e-4b7a-8f15-0e6a1c2d3b4f',
    },
  ],
  csrf_token: 'Xk4pT9mQ2vR7sL1nB8cW5dF3hJ6gZ0aY',
};

export const CabinetUser = z
  .object({ id: Uuid, email: z.string(), name: z.string() })
  .meta({ id: 'CabinetUser', examples: [EXAMPLE_USER] });
export type CabinetUser = z.infer<typeof CabinetUser>;

export const CabinetShop = z
  .object({
    id: Uuid,
    name: z.string(),
    role: Role,
    /**
     * The shop's test twin (DESIGN §16): the `shop_id` its test orders carry, so that a test order's
     * page finds its shop among the member's. Null for a shop without one.
     */
    test_shop_id: Uuid.nullable().meta({
      description:
        'Идентификатор магазина в тестовом режиме: его несут тестовые заказы в shop_id; null — тестового режима нет',
    }),
  })
  .meta({ id: 'CabinetShop', examples: EXAMPLE_SESSION.shops });
export type CabinetShop = z.infer<typeof CabinetShop>;

/** What log-in, confirmation, an accepted invitation and `me` answer. */
export const CabinetSession = z
  .object({
    user: CabinetUser,
    shops: z.array(CabinetShop),
    /** Send it back as X-CSRF-Token on every POST, PUT, PATCH and DELETE made with the session. */
    csrf_token: z.string(),
  })
  .meta({ id: 'CabinetSession', examples: [EXAMPLE_SESSION] });
export type CabinetSession = z.infer<typeof CabinetSession>;

export const CabinetConfirmed = CabinetSession.extend({
  created_shop: z.object({
    id: Uuid,
    name: z.string(),
    /** Shown once: stored only as its hash. The live keys, then the test mode's. */
    secret_key: z.string(),
    publishable_key: z.string(),
    test_secret_key: z.string(),
    test_publishable_key: z.string(),
  }),
}).meta({
  id: 'CabinetConfirmed',
  examples: [
    {
      ...EXAMPLE_SESSION,
      created_shop: {
        id: '5f0c2a1e-8b7d-4c3a-9e21-6d4f0b8a7c15',
        name: 'ООО «Ромашка»',
        secret_key: 'sk_live_4eC39HqLyjWDarjtT1zdp7dcQ8mN2xVb',
        publishable_key: 'pk_live_TYooMQauvdEDq54NiTphI7jxR3kW9sLe',
        test_secret_key: 'sk_test_9fKd2LmQx7RtVb3NcW8pZy4HsJ6aE1uG',
        test_publishable_key: 'pk_test_Hq4Vn8LmZx2RtKb7CwP9yJ3sD6aF1eUg',
      },
    },
  ],
});
export type CabinetConfirmed = z.infer<typeof CabinetConfirmed>;

const EXAMPLE_SESSIONS = [
  {
    id: '6c1e8a3f-5d2b-4a7e-b9c4-0f3d6e8a1b52',
    created_at: '2026-11-24T06:10:00.000Z',
    last_seen_at: '2026-11-24T09:35:00.000Z',
    ip: '95.165.12.34',
    user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0',
    current: true,
  },
  {
    id: '4f7a2c9e-1b3d-4e6a-8c5f-7d9b0e2a4c63',
    created_at: '2026-11-20T15:02:00.000Z',
    last_seen_at: '2026-11-22T08:44:00.000Z',
    ip: '176.59.40.7',
    user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1',
    current: false,
  },
];

export const CabinetSessionInfo = z
  .object({
    id: Uuid,
    created_at: IsoDateTime,
    last_seen_at: IsoDateTime,
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    /** The session this request came with. */
    current: z.boolean(),
  })
  .meta({ id: 'CabinetSessionInfo', examples: [EXAMPLE_SESSIONS[0]] });
export const CabinetSessionList = z
  .object({ data: z.array(CabinetSessionInfo) })
  .meta({ id: 'CabinetSessionList', examples: [{ data: EXAMPLE_SESSIONS }] });
export type CabinetSessionList = z.infer<typeof CabinetSessionList>;

const EXAMPLE_TEAM = {
  members: [
    {
      user_id: '9a3e5c71-4b2d-4f8e-a6c0-1d7b3e9f5a28',
      email: 'owner@romashka.ru',
      name: 'Ирина Котова',
      role: 'owner' as const,
      joined_at: '2026-11-01T07:00:00.000Z',
    },
    {
      user_id: '2e8b4d6f-7a1c-4e3b-9d5f-8c0a2b4e6d17',
      email: 'manager@romashka.ru',
      name: 'Павел Орлов',
      role: 'manager' as const,
      joined_at: '2026-11-10T11:20:00.000Z',
    },
  ],
  invitations: [
    {
      id: '8b2d5f1a-3c7e-4b9d-a0e6-2f4c8d1b3e75',
      email: 'buh@romashka.ru',
      role: 'accountant' as const,
      created_at: '2026-11-24T08:00:00.000Z',
      expires_at: '2026-12-01T08:00:00.000Z',
    },
  ],
};

export const TeamMember = z
  .object({ user_id: Uuid, email: z.string(), name: z.string(), role: Role, joined_at: IsoDateTime })
  .meta({ id: 'TeamMember', examples: [EXAMPLE_TEAM.members[1]] });
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamInvitation = z
  .object({ id: Uuid, email: z.string(), role: Role, created_at: IsoDateTime, expires_at: IsoDateTime })
  .meta({ id: 'TeamInvitation', examples: EXAMPLE_TEAM.invitations });
export type TeamInvitation = z.infer<typeof TeamInvitation>;

export const Team = z
  .object({ members: z.array(TeamMember), invitations: z.array(TeamInvitation) })
  .meta({ id: 'Team', examples: [EXAMPLE_TEAM] });
export type Team = z.infer<typeof Team>;

export const InvitationCreate = z
  .strictObject({ email: AccountEmail, role: Role })
  .meta({ id: 'InvitationCreate', examples: [{ email: 'buh@romashka.ru', role: 'accountant' }] });
export type InvitationCreate = z.infer<typeof InvitationCreate>;

export const InvitationPreview = z
  .object({
    email: z.string(),
    shop: z.object({ id: Uuid, name: z.string() }),
    role: Role,
    /** The invited address already has an account: accepting asks for its password. */
    account_exists: z.boolean(),
  })
  .meta({
    id: 'InvitationPreview',
    examples: [
      {
        email: 'buh@romashka.ru',
        shop: { id: '5f0c2a1e-8b7d-4c3a-9e21-6d4f0b8a7c15', name: 'ООО «Ромашка»' },
        role: 'accountant',
        account_exists: false,
      },
    ],
  });
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const InvitationAccept = z
  .strictObject({
    token: LinkToken,
    /** A new account: the name and a password (at least 10 characters). */
    name: PersonName.optional(),
    /** A new account: its password; an existing one: that account's password (unless logged in as it). */
    password: z.string().min(1).max(256).optional(),
  })
  .meta({
    id: 'InvitationAccept',
    examples: [{ token: 'q8Zr0X2bT5mN7pLs4Vd1Kc9Hf3Jw6Ya0', name: 'Ольга', password: 'длинный-пароль-2026' }],
  });
export type InvitationAccept = z.infer<typeof InvitationAccept>;

export const MemberRoleChange = z
  .strictObject({ role: Role })
  .meta({ id: 'MemberRoleChange', examples: [{ role: 'manager' }] });

export const AUDIT_MAX_LIMIT = 100;
const AUDIT_LIMIT_TEXT = `limit: целое число от 1 до ${AUDIT_MAX_LIMIT}`;
export const AuditQuery = z.strictObject({
  limit: z.coerce
    .number({ error: AUDIT_LIMIT_TEXT })
    .int(AUDIT_LIMIT_TEXT)
    .min(1, AUDIT_LIMIT_TEXT)
    .max(AUDIT_MAX_LIMIT, AUDIT_LIMIT_TEXT)
    .default(50)
    .meta({ description: `Записей на странице: 1…${AUDIT_MAX_LIMIT}, по умолчанию 50` }),
  ...listCursors('записи'),
});

export const AuditActor = z.union([
  z.object({ type: z.literal('user'), email: z.string() }),
  z.object({ type: z.literal('key'), key_last4: z.string() }),
]);

const EXAMPLE_AUDIT = [
  {
    id: '5e9c2a7d-6b1f-4c8e-9a3d-4b7f1e0c8a39',
    actor: { type: 'user' as const, email: 'owner@romashka.ru' },
    action: 'member.invited',
    details: { email: 'buh@romashka.ru', role: 'accountant' },
    ip: '95.165.12.34',
    created_at: '2026-11-24T08:00:00.000Z',
  },
  {
    id: '3a7d1c5e-8f2b-4d9a-b6e0-9c4f2a8d1e57',
    actor: { type: 'key' as const, key_last4: '1qPa' },
    action: 'order.cancelled',
    details: { order_id: '7d4f2a90-1c3b-4e5f-8a6d-9b0c1d2e3f40', reason: 'Покупатель передумал' },
    ip: '185.71.76.10',
    created_at: '2026-11-23T14:30:00.000Z',
  },
];

export const AuditEntry = z
  .object({
    id: Uuid,
    actor: AuditActor,
    /** What was done: key.rotated, settings.updated, member.invited, order.cancelled, login.failed… */
    action: z.string(),
    details: z.record(z.string(), z.unknown()),
    ip: z.string().nullable(),
    created_at: IsoDateTime,
  })
  .meta({ id: 'AuditEntry', examples: [EXAMPLE_AUDIT[0]] });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditList = z
  .object({
    items: z.array(AuditEntry),
    /** More entries follow (earlier ones; later ones with ending_before): ask from the last (first) item. */
    has_more: z.boolean(),
  })
  .meta({ id: 'AuditList', examples: [{ items: EXAMPLE_AUDIT, has_more: false }] });
export type AuditList = z.infer<typeof AuditList>;
