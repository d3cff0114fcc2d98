import {
  type BankDecision,
  type Client,
  getStatusInfo,
  PARTNER_BANKS,
  type StatusHistoryEntry,
} from '@b2bpay/domain';

/** Who changed a status, in Russian: Магазин / Покупатель / Банк «…» / Система. */
export function actorText(actor: string): string {
  if (actor === 'shop') return 'Магазин';
  if (actor === 'buyer') return 'Покупатель';
  if (actor === 'system') return 'Система';
  if (actor.startsWith('bank:')) {
    const id = actor.slice('bank:'.length);
    return PARTNER_BANKS.find((bank) => bank.id === id)?.name ?? `Банк «${id}»`;
  }
  return actor;
}

export interface HistoryRow {
  key: string;
  /** 'Заказ создан' or the new status's text. */
  title: string;
  status: string;
  /** The status before, when there was one. */
  previous: string | null;
  actor: string;
  reason: string | null;
  at: string;
}

/** The status history, newest first. */
export function historyRows(entries: readonly StatusHistoryEntry[]): HistoryRow[] {
  return entries
    .map((entry, index) => ({
      key: `${index}-${entry.created_at}-${entry.to_status}`,
      title: entry.from_status === null ? 'Заказ создан' : getStatusInfo(entry.to_status).text,
      status: entry.to_status,
      previous: entry.from_status === null ? null : getStatusInfo(entry.from_status).text,
      actor: actorText(entry.actor),
      reason: entry.reason,
      at: entry.created_at,
      index,
    }))
    .sort((a, b) => b.at.localeCompare(a.at) || b.index - a.index)
    .map(({ index: _index, ...row }) => row);
}

export const BANK_DECISION: Record<BankDecision['status'], { text: string; color: string }> = {
  pending: { text: 'Рассматривает', color: '#1E90FF' },
  approved: { text: 'Одобрил', color: '#16a34a' },
  rejected: { text: 'Отказал', color: '#DC143C' },
  expired: { text: 'Не ответил в срок', color: '#6B7280' },
  withdrawn: { text: 'Заявка отозвана', color: '#6B7280' },
};

/** 'Петров Пётр Петрович', or null when no name was given. */
export function personName(client: Pick<Client, 'surname' | 'name' | 'middlename'>): string | null {
  const name = [client.surname, client.name, client.middlename].filter(Boolean).join(' ').trim();
  return name || null;
}
