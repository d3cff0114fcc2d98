import { z } from 'zod';
import { isCalendarDay } from '../dates';
import { ORDER_STATUSES } from '../statuses';
import { cleanText } from '../text';

/** Error codes of the public API (spec §8; the catalogue below says what each means). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  /** A request made with the cabinet's session cookie without its X-CSRF-Token, or from another site. */
  'CSRF_FAILED',
  'NOT_FOUND',
  /** A known address asked with a method it does not take; `Allow` lists the ones it does (HTTP's rule). */
  'METHOD_NOT_ALLOWED',
  /** The order's status does not allow the action; `order_status` says which status it is in. */
  'ORDER_STATUS_CONFLICT',
  /** A request with the same Idempotency-Key is still running (409). */
  'IDEMPOTENCY_KEY_IN_USE',
  /** The Idempotency-Key was used with another body (422). */
  'IDEMPOTENCY_KEY_REUSED',
  /** The refund is more than is left to return on the order (409). */
  'REFUND_EXCEEDS_REMAINING',
  /** A webhook delivery still waiting to be sent cannot be re-sent (409). */
  'DELIVERY_PENDING',
  /** «Отправить сейчас» of a webhook delivery that is not waiting for a retry (409). */
  'DELIVERY_NOT_WAITING',
  /** Back office: a lead cannot move from its status to the one asked (409). */
  'LEAD_STATUS_CONFLICT',
  /** The shop is suspended by B2BPay: its keys and sessions are refused (403). */
  'SHOP_SUSPENDED',
  /** A one-time link (sign-up confirmation, password reset, invitation) already used or past its end. */
  'LINK_EXPIRED',
  /** The invited address is already a member of the shop (409). */
  'ALREADY_MEMBER',
  /** The shop's last owner can neither leave nor be demoted (409). */
  'LAST_OWNER',
  /** The buyer submitted for an order version that is no longer current: the buyer must see what they pay for. */
  'ORDER_CHANGED',
  // 409: an order of the shop already has this external_id (DESIGN §11); `order_id` names it.
  'DUPLICATE_EXTERNAL_ID',
  /** The buyer signs an offer of an order whose offer is already signed (409). */
  'OFFER_ALREADY_ACCEPTED',
  /** The offer is past its valid_until, or no longer on offer (409). */
  'OFFER_UNAVAILABLE',
  /** Bank API: a second decision on an application that says otherwise than the first (409). */
  'DECISION_CONFLICT',
  /** Bank API: the application is expired or withdrawn and takes no more answers (409). */
  'APPLICATION_CLOSED',
  /** Bank API: a payment before the buyer accepted one of this bank's offers (409). */
  'OFFER_NOT_ACCEPTED',
  /** Bank API: a payment of another amount than the order's (400). */
  'PAYMENT_AMOUNT_MISMATCH',
  /** The body is over 100 KB (docs/product/DESIGN.md §7, Limits). */
  'PAYLOAD_TOO_LARGE',
  /** A body that is not application/json: the API reads JSON only. */
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorCatalogueEntry {
  code: ErrorCode;
  /** The HTTP statuses it comes with. */
  statuses: readonly number[];
  /** What happened, in plain Russian. */
  meaning: string;
  /** What the caller does about it. */
  action: string;
}

/**
 * The error catalogue: every code, its statuses, what it means and what to do. The docs
 * page shows it and the OpenAPI document describes each error response with it.
 */
export const ERROR_CATALOGUE: readonly ErrorCatalogueEntry[] = [
  {
    code: 'VALIDATION_ERROR',
    statuses: [400],
    meaning: 'Запрос не прошёл проверку: error — первая ошибка, errors — все неверные поля (field, message).',
    action: 'Исправьте поля из errors и повторите. Ничего не изменилось.',
  },
  {
    code: 'UNAUTHORIZED',
    statuses: [401],
    meaning: 'Нет заголовка Authorization: Bearer … или ключ неверный, отозван или истёк.',
    action: 'Передайте действующий ключ магазина (sk_… на сервере, pk_… в виджете).',
  },
  {
    code: 'FORBIDDEN',
    statuses: [403],
    meaning:
      'Ключ верный, но не даёт этого права: например, pk_ для чего-то кроме создания заказа, Origin не из widget_origins ' +
      'или прежний ключ после смены с expire_old_in_seconds — до своего срока он может только создавать и читать заказы.',
    action:
      'Используйте секретный ключ на сервере (после смены ключа — новый) или добавьте сайт в widget_origins.',
  },
  {
    code: 'CSRF_FAILED',
    statuses: [403],
    meaning:
      'Запрос личного кабинета (по cookie сессии) без заголовка X-CSRF-Token, с неверным токеном или с другого сайта (Origin).',
    action: 'Передайте X-CSRF-Token из ответа login или me; ключ API (Bearer) этого не требует.',
  },
  {
    code: 'NOT_FOUND',
    statuses: [404],
    meaning: 'Нет такого заказа, магазина или адреса (чужой заказ — тоже 404).',
    action: 'Проверьте id и адрес запроса.',
  },
  {
    code: 'METHOD_NOT_ALLOWED',
    statuses: [405],
    meaning: 'Адрес существует, но не принимает этот метод. Заголовок Allow перечисляет допустимые.',
    action: 'Используйте метод из заголовка Allow.',
  },
  {
    code: 'ORDER_STATUS_CONFLICT',
    statuses: [409],
    meaning:
      'Статус заказа не позволяет действие (например, отмена оплаченного или возврат неоплаченного); текущий статус — в error.order_status.',
    action: 'Прочитайте заказ заново и решите по его статусу.',
  },
  {
    code: 'IDEMPOTENCY_KEY_IN_USE',
    statuses: [409],
    meaning: 'Запрос с тем же Idempotency-Key ещё выполняется.',
    action: 'Повторите чуть позже с тем же ключом и тем же телом: придёт ответ первого запроса.',
  },
  {
    code: 'IDEMPOTENCY_KEY_REUSED',
    statuses: [422],
    meaning: 'Этот Idempotency-Key уже использован с другим телом запроса (ключи живут 24 часа).',
    action: 'Для нового запроса возьмите новый ключ; для повтора — отправьте то же тело.',
  },
  {
    code: 'REFUND_EXCEEDS_REMAINING',
    statuses: [409],
    meaning: 'Сумма возврата больше, чем осталось вернуть по заказу (refunded_amount уже учтён).',
    action: 'Прочитайте заказ и верните не больше amount − refunded_amount.',
  },
  {
    code: 'DELIVERY_PENDING',
    statuses: [409],
    meaning: 'Доставка вебхука ещё ждёт отправки: повторно отправить можно доставленную или неудавшуюся.',
    action: 'Дождитесь итога доставки (статус delivered или failed) и повторите.',
  },
  {
    code: 'DELIVERY_NOT_WAITING',
    statuses: [409],
    meaning:
      'Доставка вебхука не ждёт повторной попытки: она уже доставлена, не удалась или отправляется прямо сейчас.',
    action: 'Прочитайте доставку: неудавшуюся или доставленную отправьте повторно (…/retry).',
  },
  {
    code: 'LEAD_STATUS_CONFLICT',
    statuses: [409],
    meaning: 'Бэк-офис: лид нельзя перевести в этот статус (new → in_progress → won | lost).',
    action: 'Обновите карточку лида и выберите доступный переход.',
  },
  {
    code: 'SHOP_SUSPENDED',
    statuses: [403],
    meaning: 'Магазин приостановлен B2BPay: его ключи и сессии не принимаются.',
    action: 'Свяжитесь с поддержкой B2BPay. Покупатели уже отправленных заявок могут их завершить.',
  },
  {
    code: 'LINK_EXPIRED',
    statuses: [410],
    meaning: 'Ссылка из письма (подтверждение, сброс пароля, приглашение) уже использована или устарела.',
    action: 'Запросите новую ссылку.',
  },
  {
    code: 'ALREADY_MEMBER',
    statuses: [409],
    meaning: 'Этот адрес уже состоит в команде магазина.',
    action: 'Измените роль участника в «Команде» вместо нового приглашения.',
  },
  {
    code: 'LAST_OWNER',
    statuses: [409],
    meaning: 'У магазина должен остаться хотя бы один владелец: последнего нельзя удалить или лишить роли.',
    action: 'Сначала назначьте владельцем другого участника.',
  },
  {
    code: 'ORDER_CHANGED',
    statuses: [409],
    meaning: 'Покупатель отправлял заявку по прежней версии заказа: магазин успел изменить товары.',
    action: 'Покажите покупателю новый состав и отправьте заявку с новым order_version.',
  },
  {
    code: 'DUPLICATE_EXTERNAL_ID',
    statuses: [409],
    meaning: 'У магазина уже есть заказ с таким external_id; его id — в error.order_id.',
    action: 'Используйте существующий заказ (error.order_id) или другой external_id.',
  },
  {
    code: 'OFFER_ALREADY_ACCEPTED',
    statuses: [409],
    meaning: 'По заказу уже подписано предложение банка; второе подписать нельзя.',
    action: 'Обновите страницу заказа: на ней — подписанное предложение.',
  },
  {
    code: 'OFFER_UNAVAILABLE',
    statuses: [409],
    meaning: 'Срок предложения истёк или банк его больше не предлагает.',
    action: 'Обновите страницу заказа и выберите одно из действующих предложений.',
  },
  {
    code: 'DECISION_CONFLICT',
    statuses: [409],
    meaning: 'API банков: по заявке уже принято другое решение.',
    action: 'Решение не меняется. Повтор того же решения отвечает 200.',
  },
  {
    code: 'APPLICATION_CLOSED',
    statuses: [409],
    meaning: 'API банков: заявка истекла (respond_by) или отозвана (application.withdrawn).',
    action: 'Больше ничего по этой заявке не отправляйте.',
  },
  {
    code: 'OFFER_NOT_ACCEPTED',
    statuses: [409],
    meaning: 'API банков: покупатель ещё не подписал предложение этого банка — платить рано.',
    action: 'Дождитесь сообщения offer.accepted и затем отправьте платёж.',
  },
  {
    code: 'PAYMENT_AMOUNT_MISMATCH',
    statuses: [400],
    meaning: 'API банков: сумма платежа не равна сумме заказа.',
    action: 'Перечислите ровно сумму заказа (order.amount заявки).',
  },
  {
    code: 'PAYLOAD_TOO_LARGE',
    statuses: [413],
    meaning: 'Тело запроса больше 100 КБ.',
    action: 'Уменьшите тело запроса (не больше 100 товаров в заказе).',
  },
  {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    statuses: [415],
    meaning: 'Тело запроса не в формате JSON.',
    action: 'Передайте заголовок Content-Type: application/json.',
  },
  {
    code: 'RATE_LIMITED',
    statuses: [429],
    meaning: 'Превышен лимит запросов (100 в минуту на ключ). Заголовки X-RateLimit-* и Retry-After.',
    action: 'Подождите Retry-After секунд и повторите.',
  },
  {
    code: 'INTERNAL_ERROR',
    statuses: [500, 502, 503],
    meaning: 'Ошибка на стороне B2BPay или недоступен внешний сервис. Подробностей в ответе нет.',
    action: 'Повторите позже (с тем же Idempotency-Key); сообщите в поддержку request_id.',
  },
];

/** One invalid field of a request, in plain Russian. */
export const FieldError = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    field: z.string().optional(),
  })
  .meta({ id: 'FieldError' });
export type FieldError = z.infer<typeof FieldError>;

export const ApiErrorBody = z
  .object({
    detail: z.string(),
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      field: z.string().optional(),
      /** DUPLICATE_EXTERNAL_ID: the existing order that already has the external_id. */
      order_id: z.string().optional(),
      /** ORDER_STATUS_CONFLICT: the status the order is in, which does not allow the action. */
      order_status: z.enum(ORDER_STATUSES).optional(),
      /** The request's id, as in the X-Request-Id header and the server's log, so a support request can be traced. */
      request_id: z.string().optional(),
    }),
    /** VALIDATION_ERROR: every invalid field, the first of them being `error`, so a form can mark them all. */
    errors: z.array(FieldError).optional(),
  })
  .meta({
    id: 'Error',
    examples: [
      {
        detail: 'Введите количество',
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Введите количество',
          field: 'products.0.quantity',
          request_id: '3f6c2b1e-9a4d-4e8f-b7c5-1d2e3f4a5b6c',
        },
        errors: [
          {
            code: 'VALIDATION_ERROR',
            message: 'Введите количество',
            field: 'products.0.quantity',
          },
          { code: 'VALIDATION_ERROR', message: 'Неверный формат email', field: 'client.email' },
        ],
      },
    ],
  });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Text fields are cleaned (cleanText: bidi controls removed, invisible ends trimmed, empty without a letter or digit); 255 is the product-wide limit for names (DESIGN §7). */
export const shortText = (max = 255) => z.string().overwrite(cleanText).max(max);

export const IsoDateTime = z.string().meta({ format: 'date-time' });

const EPOCH = Date.parse('1970-01-01T00:00:00Z');
const YEAR_10000 = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A moment a client passes as a bound (`updated_since`, `since`): ISO 8601 with an offset, from 1970
 * to 9999. Earlier years are refused with a 400: the database cannot store year 0 (the fuzzer sent
 * 0000-02-29 and got a 500).
 */
export const isoInstant = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).refine((v) => {
    const t = Date.parse(v);
    return t >= EPOCH && t <= YEAR_10000;
  }, message);

/**
 * A filter of several enum values: repeated (`status=a&status=b`); the API also splits
 * comma-separated values (`status=a,b`) before this checks them. A wrong value is a 400 that lists
 * the allowed ones. Absent: no filter (an empty list).
 */
export function enumList<const T extends readonly [string, ...string[]]>(values: T, field: string) {
  const message = `${field}: допустимые значения — ${values.join(', ')}`;
  const one = z.enum(values, { error: message });
  return z
    .union([one, z.array(one).max(values.length * 2, message)], { error: message })
    .optional()
    .transform((v): T[number][] => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
}

/** A lower bound in time: a bare date (from the start of that Moscow day) or an ISO 8601 moment. */
export const isoInstantOrDate = (message: string) =>
  z.union([isoInstant(message), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, message)]).refine((v) => {
    if (v.length !== 10) return true;
    return isCalendarDay(v) && Date.parse(v) >= EPOCH;
  }, message);

/** A bare date (covers its whole day) or a full ISO 8601 date-time, on a day that exists. */
export const DateOrDateTime = z
  .string()
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))),
    {
      message: 'Ожидается дата ГГГГ-ММ-ДД или дата-время ISO 8601',
    },
  )
  .refine((v) => isCalendarDay(v.slice(0, 10)), {
    message: 'Такой даты не существует',
  });

/** An absolute http:// or https:// address with a host (no `javascript:`, `data:` or relative path). */
export function isHttpUrl(v: string): boolean {
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const HTTP_URL_MESSAGE = 'Ожидается адрес http(s)://…';

export const HttpUrl = z.string().trim().max(2048).refine(isHttpUrl, { message: HTTP_URL_MESSAGE });

export const Uuid = z.uuid();
