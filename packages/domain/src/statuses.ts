/** Order statuses, their Russian display and the lifecycle of DESIGN §4. */
export const ORDER_STATUSES = [
  'client_expected',
  'bank_info_expected',
  'app_approved',
  'app_rejected',
  'payment_sent',
  'client_info_overdue',
  // After the decision (DESIGN §11): the shop cancels, or returns a paid order in full.
  'cancelled',
  'refunded',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type BadgeTone = 'secondary' | 'info' | 'success' | 'error' | 'warning';

export interface StatusInfo {
  /** A plain string because unknown statuses coming from outside are displayed too. */
  readonly code: string;
  readonly text: string;
  readonly color: string;
  readonly badge: BadgeTone;
}

export const STATUS_INFO: Readonly<Record<OrderStatus, StatusInfo>> = {
  client_expected: {
    code: 'client_expected',
    text: 'Ожидаем данные клиента',
    color: '#808080',
    badge: 'secondary',
  },
  bank_info_expected: {
    code: 'bank_info_expected',
    text: 'Банк проверяет информацию',
    color: '#1E90FF',
    badge: 'info',
  },
  app_approved: { code: 'app_approved', text: 'Банк одобрил заявку', color: '#32CD32', badge: 'success' },
  app_rejected: { code: 'app_rejected', text: 'Банк отклонил заявку', color: '#DC143C', badge: 'error' },
  payment_sent: { code: 'payment_sent', text: 'Оплачено', color: '#20B2AA', badge: 'success' },
  client_info_overdue: {
    code: 'client_info_overdue',
    text: 'Истёк срок заполнения',
    color: '#FFA500',
    badge: 'warning',
  },
  cancelled: { code: 'cancelled', text: 'Заказ отменён', color: '#6B7280', badge: 'secondary' },
  refunded: { code: 'refunded', text: 'Возврат оформлен', color: '#7C3AED', badge: 'info' },
};

const UNKNOWN_STATUS_COLOR = '#808080';

export function isOrderStatus(s: unknown): s is OrderStatus {
  return typeof s === 'string' && (ORDER_STATUSES as readonly string[]).includes(s);
}

/** Spec §4: an unknown status is still shown, as its raw text in grey. */
export function getStatusInfo(status: string): StatusInfo {
  // Looked up through the guard, not STATUS_INFO[status], so 'toString' and friends stay unknown.
  if (isOrderStatus(status)) return STATUS_INFO[status];
  return { code: status, text: status, color: UNKNOWN_STATUS_COLOR, badge: 'secondary' };
}

/** The 'confirmed' filter of the order list (spec §4). */
export const CONFIRMED_STATUSES = ['app_approved', 'payment_sent'] as const satisfies readonly OrderStatus[];

/** The statuses a shop may cancel from (DESIGN §11): anything before payment except a rejection. */
export const CANCELLABLE_STATUSES = [
  'client_expected',
  'client_info_overdue',
  'bank_info_expected',
  'app_approved',
] as const satisfies readonly OrderStatus[];

/**
 * The buyer has sent the application, so the banks hold it: cancelling from here withdraws it from the
 * banks and e-mails the buyer (DESIGN §11). Before it the buyer has told nobody anything.
 */
export const SUBMITTED_STATUSES = [
  'bank_info_expected',
  'app_approved',
] as const satisfies readonly OrderStatus[];

/** Refunds are taken while the order is paid and not yet returned in full. */
export const REFUNDABLE_STATUSES = ['payment_sent'] as const satisfies readonly OrderStatus[];

export const ALLOWED_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  client_expected: ['bank_info_expected', 'client_info_overdue', 'cancelled'],
  bank_info_expected: ['app_approved', 'app_rejected', 'cancelled'],
  app_approved: ['payment_sent', 'client_info_overdue', 'cancelled'],
  app_rejected: [],
  payment_sent: ['refunded'],
  client_info_overdue: ['cancelled'],
  cancelled: [],
  refunded: [],
};

/** Takes plain strings because it guards data read from storage or requests; anything unknown is refused. */
export function canTransition(from: string, to: string): boolean {
  if (!isOrderStatus(from) || !isOrderStatus(to)) return false;
  return ALLOWED_TRANSITIONS[from].includes(to);
}
