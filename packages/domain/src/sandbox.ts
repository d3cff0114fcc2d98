/**
 * The sandbox banks' rules (apps/sandbox-bank decides by them; the docs page and the OpenAPI document
 * describe them): like a payment provider's test mode, the outcome is chosen by the buyer's e-mail in
 * step 2. The INN and the amount do not matter.
 */
export const SANDBOX_DECLINE_PREFIX = 'decline';
export const SANDBOX_PENDING_PREFIX = 'pending';

/** Defaults of SANDBOX_DECISION_DELAY_MS and SANDBOX_PAYMENT_DELAY_MS (apps/api/src/config.ts). */
export const SANDBOX_DEFAULT_DECISION_DELAY_MS = 5000;
export const SANDBOX_DEFAULT_PAYMENT_DELAY_MS = 10000;

export interface SandboxOutcome {
  /** Which e-mails, e.g. «decline…@…». */
  email: string;
  example: string;
  /** What happens, in Russian. */
  outcome: string;
  /** The statuses the order goes through after the application is submitted. */
  statuses: string;
}

export const SANDBOX_OUTCOMES: readonly SandboxOutcome[] = [
  {
    email: `начинается с ${SANDBOX_DECLINE_PREFIX}`,
    example: `${SANDBOX_DECLINE_PREFIX}@firm.ru`,
    outcome: 'Все три банка отказывают через 5 с.',
    statuses: 'bank_info_expected → app_rejected',
  },
  {
    email: `начинается с ${SANDBOX_PENDING_PREFIX}`,
    example: `${SANDBOX_PENDING_PREFIX}@firm.ru`,
    outcome: 'Ни один банк не отвечает: заказ остаётся на проверке.',
    statuses: 'bank_info_expected',
  },
  {
    email: 'любой другой',
    example: 'buyer@firm.ru',
    outcome:
      'Через 5 с первый банк одобряет с двумя предложениями — отсрочка на 30 дней и рассрочка на 6 месяцев ' +
      '(второй отказывает, третий одобряет через 10 с). Покупатель выбирает предложение на странице заказа и ' +
      'подписывает его кодом из SMS; через 10 с после подписи банк оплачивает заказ.',
    statuses: 'bank_info_expected → app_approved → (подпись) → payment_sent',
  },
];

/** The sandbox in a few sentences (the OpenAPI document's description). */
export const SANDBOX_SUMMARY =
  'Песочница: банки решают по e-mail покупателя на шаге 2 (ИНН и сумма не важны). ' +
  `E-mail начинается с «${SANDBOX_DECLINE_PREFIX}» — все банки отказывают (app_rejected); ` +
  `с «${SANDBOX_PENDING_PREFIX}» — банки не отвечают (заказ остаётся bank_info_expected); любой другой — ` +
  'одобрение с предложениями (app_approved; offers в заказе), покупатель подписывает одно кодом из SMS ' +
  '(accepted_offer), затем оплата (payment_sent). Задержки: решение через ' +
  `SANDBOX_DECISION_DELAY_MS (${SANDBOX_DEFAULT_DECISION_DELAY_MS / 1000} с), оплата ещё через ` +
  `SANDBOX_PAYMENT_DELAY_MS (${SANDBOX_DEFAULT_PAYMENT_DELAY_MS / 1000} с) после подписи.`;
