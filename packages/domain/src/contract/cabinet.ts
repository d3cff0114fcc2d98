import { z } from 'zod';
import { CABINET_ROLES } from '../cabinet-roles';
import { isValidEmail } from '../email';
import { validateInn } from '../inn';
import { IsoDateTime, shortText, Uuid } from './common';

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

const Email = z
  .string()
  .trim()
  .max(254)
  .refine(isValidEmail, CABINET_MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());
const Password = z.string().min(PASSWORD_MIN_LENGTH, CABINET_MESSAGES.passwordTooShort).max(256);
const PersonName = shortText(255).min(1, CABINET_MESSAGES.nameRequired);
/** A one-time link's token as it comes back from the address (base62). */
const LinkToken = z.string().trim().min(1).max(128);
const Role = z.enum(CABINET_ROLES);

export const CabinetSignup = z
  .strictObject({
    email: Email,
    password: Password,
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

export const CabinetSent = z.object({ status: z.literal('sent') }).meta({ id: 'CabinetSent' });

export const CabinetToken = z
  .strictObject({ token: LinkToken })
  .meta({ id: 'CabinetToken', examples: [{ token: 'q8Zr0X2bT5mN7pLs4Vd1Kc9Hf3Jw6Ya0' }] });

export const CabinetLogin = z
  .strictObject({ email: Email, password: z.string().min(1).max(256) })
  .meta({ id: 'CabinetLogin', examples: [{ email: 'owner@romashka.ru', password: 'длинный-пароль-2026' }] });
export type CabinetLogin = z.infer<typeof CabinetLogin>;

export const CabinetForgot = z
  .strictObject({ email: Email })
  .meta({ id: 'CabinetForgot', examples: [{ email: 'owner@romashka.ru' }] });

export const CabinetReset = z.strictObject({ token: LinkToken, password: Password }).meta({
  id: 'CabinetReset',
  examples: [{ token: 'q8Zr0X2bT5mN7pLs4Vd1Kc9Hf3Jw6Ya0', password: 'новый-длинный-пароль' }],
});

export const CabinetUser = z
  .object({ id: Uuid, email: z.string(), name: z.string() })
  .meta({ id: 'CabinetUser' });
export type CabinetUser = z.infer<typeof CabinetUser>;

export const CabinetShop = z.object({ id: Uuid, name: z.string(), role: Role }).meta({ id: 'CabinetShop' });
export type CabinetShop = z.infer<typeof CabinetShop>;

/** What log-in, confirmation, an accepted invitation and `me` answer. */
export const CabinetSession = z
  .object({
    user: CabinetUser,
    shops: z.array(CabinetShop),
    /** Send it back as X-CSRF-Token on every POST, PUT, PATCH and DELETE made with the session. */
    csrf_token: z.string(),
  })
  .meta({ id: 'CabinetSession' });
export type CabinetSession = z.infer<typeof CabinetSession>;

export const CabinetConfirmed = CabinetSession.extend({
  created_shop: z.object({
    id: Uuid,
    name: z.string(),
    /** Shown once: stored only as its hash. */
    secret_key: z.string(),
    publishable_key: z.string(),
  }),
}).meta({ id: 'CabinetConfirmed' });
export type CabinetConfirmed = z.infer<typeof CabinetConfirmed>;

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
  .meta({ id: 'CabinetSessionInfo' });
export const CabinetSessionList = z
  .object({ data: z.array(CabinetSessionInfo) })
  .meta({ id: 'CabinetSessionList' });
export type CabinetSessionList = z.infer<typeof CabinetSessionList>;

export const TeamMember = z
  .object({ user_id: Uuid, email: z.string(), name: z.string(), role: Role, joined_at: IsoDateTime })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamInvitation = z
  .object({ id: Uuid, email: z.string(), role: Role, created_at: IsoDateTime, expires_at: IsoDateTime })
  .meta({ id: 'TeamInvitation' });
export type TeamInvitation = z.infer<typeof TeamInvitation>;

export const Team = z
  .object({ members: z.array(TeamMember), invitations: z.array(TeamInvitation) })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof Team>;

export const InvitationCreate = z
  .strictObject({ email: Email, role: Role })
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
  .meta({ id: 'InvitationPreview' });
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
    .default(50),
  starting_after: z
    .uuid({ error: 'starting_after: ожидается id записи (UUID)' })
    .optional()
    .meta({ description: 'id последней записи предыдущей страницы: вернутся более ранние' }),
});

export const AuditActor = z.union([
  z.object({ type: z.literal('user'), email: z.string() }),
  z.object({ type: z.literal('key'), key_last4: z.string() }),
]);

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
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditList = z
  .object({
    items: z.array(AuditEntry),
    /** Earlier entries follow: ask with starting_after = the last item's id. */
    has_more: z.boolean(),
  })
  .meta({ id: 'AuditList' });
export type AuditList = z.infer<typeof AuditList>;
