import { CABINET_ROLES, type CabinetRole, canManageRole, isCabinetRole, ROLE_LABELS } from '@b2bpay/domain';
import type { AuditActor, AuditEntry } from './team-api';

export const teamKeys = {
  team: (shopId: string) => ['shop-team', shopId] as const,
  audit: (shopId: string) => ['shop-audit', shopId] as const,
};

/** The roles `actor` may give: an owner any, an admin every role but owner, others none. */
export function assignableRoles(actor: CabinetRole | null): CabinetRole[] {
  if (!actor) return [];
  return CABINET_ROLES.filter((role) => canManageRole(actor, role));
}

/** Who did it: the member's e-mail, or the API key by its last four characters. */
export function actorText(actor: AuditActor): string {
  return actor.type === 'user' ? actor.email : `Ключ API …${actor.key_last4}`;
}

/**
 * What happened, in words. The log keeps machine names (`member.invited`); one not listed here is
 * shown as it is rather than hidden.
 */
const ACTION_LABELS: Record<string, string> = {
  'shop.created': 'Магазин создан',
  'login.succeeded': 'Вход в кабинет',
  'login.failed': 'Неудачная попытка входа',
  'key.rotated': 'Выпущен новый ключ API',
  'settings.updated': 'Изменены настройки',
  'webhook_endpoint.created': 'Добавлен адрес вебхука',
  'webhook_endpoint.updated': 'Изменён адрес вебхука',
  'webhook_endpoint.deleted': 'Удалён адрес вебхука',
  'webhook_endpoint.secret_rotated': 'Новый секрет адреса вебхука',
  'webhook_delivery.sent_now': 'Вебхук отправлен сейчас, не дожидаясь повтора',
  'member.invited': 'Приглашение в команду',
  'invitation.resent': 'Приглашение отправлено повторно',
  'invitation.revoked': 'Приглашение отозвано',
  'member.joined': 'Новый участник команды',
  'member.role_changed': 'Изменена роль участника',
  'member.removed': 'Участник удалён из команды',
  'member.left': 'Участник покинул команду',
  'order.cancelled': 'Заказ отменён',
  'refund.created': 'Оформлен возврат',
  'orders.exported': 'Выгрузка заказов в CSV',
};

export function actionText(entry: Pick<AuditEntry, 'action'>): string {
  return ACTION_LABELS[entry.action] ?? entry.action;
}

const DETAIL_LABELS: Record<string, string> = {
  email: 'e-mail',
  role: 'роль',
  from: 'была',
  to: 'стала',
  kind: 'ключ',
  order_number: 'заказ №',
  reason: 'причина',
  amount: 'сумма',
  expire_old_in_seconds: 'старый ключ действует ещё',
};
const KEY_KINDS: Record<string, string> = { secret: 'секретный', publishable: 'публикуемый' };

function detailValue(key: string, value: string | number | boolean): string {
  if (typeof value === 'string' && isCabinetRole(value)) return ROLE_LABELS[value];
  if (key === 'kind' && typeof value === 'string') return KEY_KINDS[value] ?? value;
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (key === 'expire_old_in_seconds') return `${value} с`;
  return String(value);
}

/**
 * A short line of the entry's details (e-mail, roles, which key…) in words; plain values only, and
 * a field without a label here keeps its own name.
 */
export function detailsText(details: AuditEntry['details'] | null): string {
  if (!details) return '';
  return Object.entries(details)
    .filter(
      (entry): entry is [string, string | number | boolean] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number' || typeof entry[1] === 'boolean',
    )
    .map(([key, value]) => `${DETAIL_LABELS[key] ?? key}: ${detailValue(key, value)}`)
    .join(', ');
}
