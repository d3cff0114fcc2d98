/**
 * What the buyer's order page says under the status of an order that no longer awaits the
 * application, one text per status (a paid order must not say the decision may still come).
 */
export const BUYER_STATUS_TEXT: Record<string, string> = {
  bank_info_expected:
    'Заявка отправлена в банки-партнёры. Решение придёт на электронную почту из заявки, обычно в течение 1 рабочего дня.',
  app_approved:
    'Банк одобрил заявку. Осталось дождаться, когда банк перечислит деньги магазину, — статус обновится сам.',
  // A paid order is a debt to the bank: its buyer still has payments to make (DESIGN §13).
  payment_sent:
    'Банк оплатил заказ магазину. Дальше вы платите банку по условиям договора с ним — график платежей в договоре.',
  app_rejected:
    'Банки-партнёры отклонили заявку, письмо с решением пришло на электронную почту из заявки. Обсудите с магазином другой способ оплаты.',
  client_info_overdue: 'Срок заполнения заявки истёк. Попросите магазин создать новый заказ.',
  // After the decision (DESIGN §11): a cancelled or returned order says so and offers nothing to fill.
  cancelled:
    'Магазин отменил этот заказ. Заполнять по нему ничего не нужно; если это ошибка, свяжитесь с магазином.',
  refunded:
    'Магазин оформил возврат по этому заказу. Банк пересчитает рассрочку по условиям вашего договора.',
};

/** Approved, but every bank's offer lapsed unsigned (DESIGN §13): the order cannot be paid any more. */
export const OFFERS_LAPSED_TEXT =
  'Срок предложений банков истёк, ни одно не подписано. Магазин может создать новый заказ — свяжитесь с ним.';

export const FALLBACK_STATUS_TEXT = 'Заявка по этому заказу уже не заполняется.';

export function buyerStatusText(status: string): string {
  return BUYER_STATUS_TEXT[status] ?? FALLBACK_STATUS_TEXT;
}
