import type { BankApplicationStatus } from '@b2bpay/domain';

/** A bank application's status in words and its badge colour (the order page's bank decisions too). */
export const APPLICATION_STATUS: Record<BankApplicationStatus, { text: string; color: string }> = {
  pending: { text: 'Рассматривается', color: '#1E90FF' },
  approved: { text: 'Одобрена', color: '#16a34a' },
  rejected: { text: 'Отклонена', color: '#DC143C' },
  expired: { text: 'Без ответа в срок', color: '#6B7280' },
  withdrawn: { text: 'Отозвана', color: '#6B7280' },
};
