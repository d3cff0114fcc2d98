import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '@b2bpay/domain';
import type { StaffAuditEntry } from '../admin-api';

const isLeadStatus = (value: string): value is LeadStatus =>
  (LEAD_STATUSES as readonly string[]).includes(value);

/**
 * What a staff member did, in words. The log keeps machine names; one not listed here is shown as it
 * is rather than hidden.
 */
const ACTION_LABELS: Record<string, string> = {
  'staff.login_succeeded': 'Вход в бэк-офис',
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const statusText = (value: unknown) =>
  typeof value === 'string' && isLeadStatus(value) ? LEAD_STATUS_LABELS[value] : String(value);

function detailText(key: string, value: unknown): string | null {
  // A lead's move is logged as {from, to}; a note as `note: true` (its text stays with the lead).
  if (key === 'status' && isRecord(value))
    return `статус: ${statusText(value.from)} → ${statusText(value.to)}`;
  if (key === 'note') return value === true ? 'добавлена заметка' : null;
  if (typeof value === 'string' && value !== '') return `${DETAIL_LABELS[key] ?? key}: ${value}`;
  if (typeof value === 'number') return `${DETAIL_LABELS[key] ?? key}: ${value}`;
  return null;
}

/** The entry's details as 'причина: …, ИНН: …'; empty values and ones that are not plain are left out. */
export function auditDetailsText(details: StaffAuditEntry['details']): string {
  // A shop named in the entry needs no id beside its name.
  const named = typeof details.name === 'string';
  return Object.entries(details)
    .flatMap(([key, value]) => (key === 'shop_id' && named ? [] : (detailText(key, value) ?? [])))
    .join(', ');
}
