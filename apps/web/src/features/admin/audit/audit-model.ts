import type { StaffAuditEntry } from '../admin-api';

/**
 * What a staff member did, in words. The log keeps machine names; one not listed here is shown as it
 * is rather than hidden.
 */
const ACTION_LABELS: Record<string, string> = {
  'staff.login': 'Вход в бэк-офис',
  'staff.login_failed': 'Неудачная попытка входа',
  'staff.logout': 'Выход из бэк-офиса',
  'staff.password_set': 'Задан пароль',
  'lead.updated': 'Изменён лид',
  'shop.created': 'Создан магазин',
  'shop.suspended': 'Магазин приостановлен',
  'shop.resumed': 'Магазин возобновлён',
  'order.viewed': 'Просмотрен заказ',
  'bank.enabled': 'Банк включён',
  'bank.disabled': 'Банк отключён',
};

export function auditActionText(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

const DETAIL_LABELS: Record<string, string> = {
  lead_id: 'лид',
  shop_id: 'магазин',
  order_id: 'заказ',
  bank: 'банк',
  status: 'статус',
  owner: 'ведёт',
  reason: 'причина',
  name: 'название',
  email: 'e-mail',
  inn: 'ИНН',
  note: 'заметка',
};

function detailValue(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** The entry's details as 'причина: …, ИНН: …'; values that are not plain are left out. */
export function auditDetailsText(details: StaffAuditEntry['details']): string {
  return Object.entries(details)
    .flatMap(([key, value]) => {
      const text = detailValue(value);
      return text === null || text === '' ? [] : [`${DETAIL_LABELS[key] ?? key}: ${text}`];
    })
    .join(', ');
}
