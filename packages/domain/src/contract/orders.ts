import { z } from 'zod';
import { isValidEmail } from '../email';
import { validateInn } from '../inn';
import { MESSAGES } from '../messages';
import { formatWholeNumber, hasAtMostTwoDecimals, isValidRublesAmount } from '../money';
import { OFFER_KINDS } from '../offers';
import { MAX_PRICE_RUBLES, MAX_PRODUCTS, MAX_QUANTITY, PAGE_SIZE } from '../order-limits';
import { PHONE_NOT_MOBILE_MESSAGE, phoneProblem } from '../phone';
import { ORDER_STATUSES } from '../statuses';
import { cleanText, trimText } from '../text';
import { BANK_APPLICATION_STATUSES } from './bank-api';
import { Client, EXAMPLE_CLIENT } from './clients';
import {
  DateOrDateTime,
  enumList,
  HTTP_URL_MESSAGE,
  HttpUrl,
  IsoDateTime,
  isHttpUrl,
  isoInstantOrDate,
  shortText,
  Uuid,
} from './common';
import { listCursors } from './list-cursors';
import { OffsetPage, OrderIdParam } from './params';

export {
  MAX_PRICE_RUBLES,
  MAX_PRODUCTS,
  MAX_QUANTITY,
  PAGE_SIZE,
  PRICE_LIMIT_MESSAGE,
  QUANTITY_LIMIT_MESSAGE,
} from '../order-limits';

/** 409 ORDER_CHANGED: the buyer submitted for an order whose products have changed since. */
export const ORDER_CHANGED_MESSAGE = 'Состав заказа изменился. Проверьте заказ и подтвердите заявку снова.';
/** 400 on `products`: an order of 0 ₽ would send the buyer to the banks for nothing. */
export const ORDER_AMOUNT_POSITIVE_MESSAGE = 'Сумма заказа должна быть больше 0 ₽';

export const ProductCreate = z
  .strictObject({
    name: shortText().min(1, MESSAGES.productNameRequired),
    price: z
      .number({ error: MESSAGES.productPriceRequired })
      .min(0, MESSAGES.productPriceRequired)
      .max(MAX_PRICE_RUBLES, `Цена не может быть больше ${formatWholeNumber(MAX_PRICE_RUBLES)}\u00a0₽`)
      .refine(hasAtMostTwoDecimals, 'Цена может иметь не больше двух знаков после запятой'),
    quantity: z
      .number({ error: MESSAGES.productQuantityRequired })
      .int(MESSAGES.productQuantityRequired)
      .min(1, MESSAGES.productQuantityRequired)
      .max(MAX_QUANTITY, `Количество не может быть больше ${formatWholeNumber(MAX_QUANTITY)} шт.`),
  })
  .meta({ id: 'ProductCreate' });
export type ProductCreate = z.infer<typeof ProductCreate>;

export const ProductList = z
  .array(ProductCreate)
  .min(1, 'Добавьте хотя бы один товар')
  .max(MAX_PRODUCTS, `Не больше ${MAX_PRODUCTS} товаров в заказе`)
  .meta({ examples: [[{ name: 'Бумага А4, 500 листов', price: 350.1, quantity: 4 }]] });

/** Client-info on create: prefills the buyer's form. */
export const ClientInfo = z
  .strictObject({
    name: shortText().optional(),
    surname: shortText().optional(),
    middlename: shortText().optional(),
    full_name: shortText().optional(),
    phone_number: z
      .string()
      .trim()
      .max(32)
      .superRefine((value, ctx) => {
        const problem = phoneProblem(value);
        if (problem === 'format') ctx.addIssue({ code: 'custom', message: MESSAGES.phoneInvalid });
        if (problem === 'not_mobile') ctx.addIssue({ code: 'custom', message: PHONE_NOT_MOBILE_MESSAGE });
      })
      .optional()
      .meta({ description: 'Мобильный телефон покупателя (+7 9XX XXX-XX-XX): на него придёт код из СМС' }),
    email: z.string().trim().max(254).refine(isValidEmail, MESSAGES.emailInvalid).optional(),
    /** Checked as step 1 checks it (digits only, 10 or 12, checksum); prefills the buyer's step 1. */
    inn: z
      .string()
      .max(32)
      .superRefine((value, ctx) => {
        const error = validateInn(value.replace(/\D/g, ''));
        if (error) ctx.addIssue({ code: 'custom', message: error });
      })
      .optional()
      .meta({
        description: 'ИНН организации покупателя (10 или 12 цифр, проверка контрольных цифр, как на шаге 1)',
      }),
    organization_name: shortText(500)
      .min(1, MESSAGES.organizationRequired)
      .optional()
      .meta({ description: 'Название организации покупателя: шаг 1 анкеты будет заполнен' }),
  })
  .meta({ id: 'ClientInfo' });
export type ClientInfo = z.infer<typeof ClientInfo>;

/** The shop's own reference and free-form data (DESIGN §11): limits as the payment providers' ones. */
export const EXTERNAL_ID_MAX = 64;
export const METADATA_MAX_KEYS = 20;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;

export const ExternalId = z
  .string()
  .overwrite(trimText)
  .min(1, 'external_id не может быть пустым')
  .max(EXTERNAL_ID_MAX, `external_id — не длиннее ${EXTERNAL_ID_MAX} символов`);

export const Metadata = z
  .record(
    z
      .string()
      .min(1, 'Ключ metadata не может быть пустым')
      .max(METADATA_KEY_MAX, `Ключ metadata — не длиннее ${METADATA_KEY_MAX} символов`),
    z
      .string({ error: 'Значения metadata — строки' })
      .max(METADATA_VALUE_MAX, `Значение metadata — не длиннее ${METADATA_VALUE_MAX} символов`),
  )
  .refine(
    (m) => Object.keys(m).length <= METADATA_MAX_KEYS,
    `В metadata не больше ${METADATA_MAX_KEYS} ключей`,
  )
  .meta({ id: 'Metadata' });
export type Metadata = z.infer<typeof Metadata>;

/**
 * A page of the shop the buyer goes back to (return_url, cancel_url): a link the buyer's browser
 * follows, never an address B2BPay calls, so no private-address guard; the API adds the https-only
 * rule of production and the widget_origins rule of the publishable key.
 */
export const SHOP_PAGE_URL_MAX = 2000;
export const ShopPageUrl = z
  .string()
  .trim()
  .max(SHOP_PAGE_URL_MAX, `Адрес — не длиннее ${SHOP_PAGE_URL_MAX} символов`)
  .refine(isHttpUrl, { message: HTTP_URL_MESSAGE });

const SHOP_PAGE_RULES =
  `http:// или https:// (в рабочем режиме — только https://), до ${SHOP_PAGE_URL_MAX} символов; ` +
  'B2BPay добавит к нему параметр order_id с id заказа, сохранив ваши параметры. С публикуемым ключом (pk_) — ' +
  'только адрес сайта из widget_origins, если они заданы в настройках магазина.';

export const OrderCreate = z
  .strictObject({
    shop_id: Uuid.optional(),
    products: ProductList,
    webhook_url: HttpUrl.optional(),
    client: ClientInfo.optional(),
    /** Secret key only: the widget (publishable key) may pass neither. */
    external_id: ExternalId.optional().meta({
      description:
        `Ваш номер заказа, до ${EXTERNAL_ID_MAX} символов, единственный в магазине: второй заказ с тем же ` +
        'external_id — 409 DUPLICATE_EXTERNAL_ID (id существующего — в error.order_id). Только с секретным ключом.',
    }),
    metadata: Metadata.optional().meta({
      description:
        `Ваши данные к заказу: до ${METADATA_MAX_KEYS} ключей до ${METADATA_KEY_MAX} символов, значения — ` +
        `строки до ${METADATA_VALUE_MAX} символов. Только с секретным ключом.`,
    }),
    return_url: ShopPageUrl.optional().meta({
      description:
        'Страница магазина, куда покупатель вернётся после отправки заявки: ссылка «Вернуться в магазин» ' +
        `на странице успеха и на странице заказа. Адрес ${SHOP_PAGE_RULES}`,
    }),
    cancel_url: ShopPageUrl.optional().meta({
      description:
        'Страница магазина, куда покупатель вернётся, если передумал до отправки заявки: ссылка ' +
        `«Вернуться в магазин» на шагах анкеты. Адрес ${SHOP_PAGE_RULES}`,
    }),
  })
  .meta({
    id: 'OrderCreate',
    examples: [
      {
        products: [
          { name: 'Бумага А4, 500 листов', price: 350.1, quantity: 3 },
          { name: 'Картридж HP 59A', price: 8990, quantity: 1 },
        ],
        client: {
          email: 'buyer@firm.ru',
          phone_number: '+79161234567',
          inn: '7707083893',
          organization_name: 'ПАО Сбербанк',
        },
        external_id: 'ORDER-1001',
        metadata: { cart: '8841' },
        return_url: 'https://romashka.ru/checkout/done',
        cancel_url: 'https://romashka.ru/cart',
      },
    ],
  });
export type OrderCreate = z.infer<typeof OrderCreate>;

export const Product = z
  .object({ id: z.number().int(), name: z.string(), price: z.number(), quantity: z.number().int() })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;

export const BankDecision = z
  .object({
    bank: z.string(),
    bank_name: z.string(),
    status: z.enum(BANK_APPLICATION_STATUSES),
    decided_at: IsoDateTime.nullable(),
  })
  .meta({ id: 'BankDecision' });
export type BankDecision = z.infer<typeof BankDecision>;

/** What the partner bank paid the shop for the order (DESIGN §11); the shop's fee is 0 ₽. */
export const Payout = z
  .object({
    bank: z.string().meta({ description: 'Банк-партнёр, который заплатил (sever, volga, ural)' }),
    amount: z.number().meta({ description: 'Сколько пришло магазину, в рублях' }),
    fee: z.number().meta({ description: 'Комиссия магазина, в рублях (0: для магазина сервис бесплатен)' }),
    reference: z.string().meta({ description: 'Номер платёжного поручения' }),
    paid_at: IsoDateTime.meta({ description: 'Когда банк перечислил деньги' }),
  })
  .meta({
    id: 'Payout',
    description: 'Выплата по оплаченному заказу (payment_sent); до оплаты — null.',
    examples: [
      {
        bank: 'sever',
        amount: 1050.3,
        fee: 0,
        reference: 'SEVER-418203',
        paid_at: '2026-11-24T10:05:00.000Z',
      },
    ],
  });
export type Payout = z.infer<typeof Payout>;

/** A bank's offer as the buyer (and the owning shop) sees it; amounts in roubles (DESIGN §13). */
export const Offer = z
  .object({
    id: Uuid.meta({ description: 'id предложения в B2BPay (для …/offers/{offer_id}/code и /accept)' }),
    bank: z.string(),
    bank_name: z.string(),
    kind: z.enum(OFFER_KINDS).meta({ description: 'deferral — отсрочка, instalments — рассрочка' }),
    term_days: z.number().int().nullable(),
    term_months: z.number().int().nullable(),
    fee: z.number().meta({ description: 'Комиссия покупателя, в рублях (магазин её не платит)' }),
    total: z.number().meta({ description: 'Всего к оплате покупателем: сумма заказа и комиссия, в рублях' }),
    monthly_payment: z.number().nullable(),
    valid_until: IsoDateTime,
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof Offer>;

export const AcceptedOffer = Offer.extend({ accepted_at: IsoDateTime }).meta({
  id: 'AcceptedOffer',
  description: 'Предложение, которое покупатель подписал кодом из SMS; до подписи — null.',
});
export type AcceptedOffer = z.infer<typeof AcceptedOffer>;

export const OfferCodeRequest = z
  .strictObject({ client_id: z.number({ error: 'client_id: ожидается число' }).int().positive() })
  .meta({ id: 'OfferCodeRequest', examples: [{ client_id: 1 }] });
/** Where the signing code went (masked) and its timing, as the one-time code rules set it. */
export const OfferCodeSent = z
  .object({
    phone_number: z.string().meta({ description: 'Телефон, куда ушёл код, со скрытыми цифрами' }),
    resend_after_seconds: z.number().int(),
    expires_in_seconds: z.number().int(),
  })
  .meta({
    id: 'OfferCodeSent',
    examples: [{ phone_number: '+7 *** ***-**-67', resend_after_seconds: 60, expires_in_seconds: 600 }],
  });
export type OfferCodeSent = z.infer<typeof OfferCodeSent>;

export const OfferAccept = z
  .strictObject({
    client_id: z.number({ error: 'client_id: ожидается число' }).int().positive(),
    sms_code_input: z
      .string({ error: 'Введите код из SMS' })
      .trim()
      .regex(/^\d{6}$/, 'Код — 6 цифр'),
  })
  .meta({ id: 'OfferAccept', examples: [{ client_id: 1, sms_code_input: '123456' }] });

/** The order of the document's examples: paid by the bank, one pack of paper returned. */
const EXAMPLE_ORDER = {
  id: '7d4f2a90-1c3b-4e5f-8a6d-9b0c1d2e3f40',
  shop_id: '5f0c2a1e-8b7d-4c3a-9e21-6d4f0b8a7c15',
  order_number: '42',
  status: 'payment_sent' as const,
  version: 1,
  link: 'https://b2bpay.ru/client/7d4f2a90-1c3b-4e5f-8a6d-9b0c1d2e3f40',
  amount: 1050.3,
  products: [{ id: 1, name: 'Бумага А4, 500 листов', price: 350.1, quantity: 3 }],
  client: EXAMPLE_CLIENT,
  created_at: '2026-11-24T09:30:00.000Z',
  updated_at: '2026-11-24T12:00:00.000Z',
  livemode: true,
  webhook_url: 'https://romashka.ru/b2bpay/webhook',
  bank_decisions: [
    {
      bank: 'sever',
      bank_name: 'Банк «Северный Кредит»',
      status: 'approved' as const,
      decided_at: '2026-11-24T09:52:00.000Z',
    },
  ],
  external_id: 'ORDER-1001',
  metadata: { cart: '8841' },
  return_url: 'https://romashka.ru/checkout/done',
  cancel_url: 'https://romashka.ru/cart',
  refunded_amount: 350.1,
  payout: {
    bank: 'sever',
    amount: 1050.3,
    fee: 0,
    reference: 'SEVER-418203',
    paid_at: '2026-11-24T10:05:00.000Z',
  },
};

export const Order = z
  .object({
    id: Uuid,
    shop_id: Uuid,
    order_number: z.string(),
    status: z.enum(ORDER_STATUSES).meta({ description: 'Статус заказа (spec §4, DESIGN §4 и §11)' }),
    /** 1 at creation, +1 on every change of the products; the buyer's submission names it. */
    version: z.number().int().meta({
      description:
        'Версия заказа: 1 при создании, +1 при каждом изменении товаров. Шаг 2 анкеты передаёт её в order_version.',
    }),
    link: z.string(),
    amount: z.number(),
    products: z.array(Product),
    client: Client.nullable(),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
    livemode: z.boolean().meta({
      description:
        'true — боевой заказ (ключи sk_live_/pk_live_, настоящие банки); false — тестовый (ключи sk_test_/pk_test_, ' +
        'банки-песочницы, деньги не движутся).',
    }),
    // Public too: the buyer's pages link them («Вернуться в магазин»).
    return_url: z
      .string()
      .nullable()
      .optional()
      .meta({
        description:
          'Страница магазина после отправки заявки, переданная при создании (или null). Ссылка покупателя — ' +
          'этот адрес с параметром order_id.',
      }),
    cancel_url: z
      .string()
      .nullable()
      .optional()
      .meta({
        description:
          'Страница магазина, если покупатель передумал до отправки заявки, переданная при создании (или null). ' +
          'Ссылка покупателя — этот адрес с параметром order_id.',
      }),
    // Owner view only (the shop's own key): never shown to the public link.
    webhook_url: z.string().nullable().optional(),
    bank_decisions: z.array(BankDecision).optional(),
    external_id: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'Ваш номер заказа, переданный при создании (или null)' }),
    metadata: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Ваши данные к заказу, переданные при создании, как есть' }),
    /** Roubles returned so far (DESIGN §11); in the public view too (the buyer owes the bank less). */
    refunded_amount: z
      .number()
      .optional()
      .meta({ description: 'Возвращено всего, в рублях (POST …/refunds); вся сумма — статус refunded' }),
    payout: Payout.nullable().optional(),
    /** While app_approved and nothing is signed: the banks' offers still valid. */
    offers: z
      .array(Offer)
      .optional()
      .meta({ description: 'Предложения банков, пока заказ одобрен и покупатель не подписал ни одно' }),
    accepted_offer: AcceptedOffer.nullable().optional(),
  })
  .meta({
    id: 'Order',
    examples: [EXAMPLE_ORDER],
  });
export type Order = z.infer<typeof Order>;

export const OrderList = z
  .object({
    items: z.array(Order),
    /** Every order the filters match (not only this page's). */
    count: z.number().int(),
    /** More orders follow this page (before it, with ending_before): ask with the last (first) item's id. */
    has_more: z.boolean(),
  })
  .meta({ id: 'OrderList', examples: [{ items: [EXAMPLE_ORDER], count: 1, has_more: false }] });
export type OrderList = z.infer<typeof OrderList>;

export const LIST_MAX_LIMIT = 100;
const LIMIT_TEXT = `limit: целое число от 1 до ${LIST_MAX_LIMIT}`;

export const OrderListQuery = z.strictObject({
  page: OffsetPage,
  /** Orders per page (spec: 20). */
  limit: z.coerce
    .number({ error: LIMIT_TEXT })
    .int(LIMIT_TEXT)
    .min(1, LIMIT_TEXT)
    .max(LIST_MAX_LIMIT, LIMIT_TEXT)
    .default(PAGE_SIZE)
    .meta({ description: `Заказов на странице: 1…${LIST_MAX_LIMIT}` }),
  /** Cursors that do not shift when orders arrive (one at a time; neither with page > 1). */
  ...listCursors('заказа', 'Вместе с page > 1 нельзя.'),
  /** Only orders changed (status, products, refund) at or after this moment. */
  updated_since: isoInstantOrDate(
    'updated_since: ожидается дата ГГГГ-ММ-ДД или дата-время ISO 8601 (с 1970 года)',
  )
    .optional()
    .meta({
      description:
        'Только заказы, изменённые (статус, товары, возврат) начиная с этого момента: дата-время ISO 8601 ' +
        'или дата ГГГГ-ММ-ДД (с начала этих суток по Москве, как date_from).',
    }),
  status: enumList(ORDER_STATUSES, 'status').meta({
    description: 'Статус; можно повторять (status=a&status=b) или перечислить через запятую (status=a,b)',
  }),
  order_id: z
    .string()
    .trim()
    .max(20)
    .optional()
    .meta({ description: 'Часть номера заказа (до 20 символов): заказы, в номере которых она есть' }),
  q: z
    .string()
    .trim()
    .max(100, 'q: не длиннее 100 символов')
    .optional()
    .meta({
      description:
        'Поиск без учёта регистра по части номера заказа («№12» — только по номеру), организации покупателя, ' +
        'ИНН, названия товара и external_id',
    }),
  date_from: DateOrDateTime.optional().meta({
    description:
      'Заказы, созданные начиная с этого момента: дата ГГГГ-ММ-ДД (с начала этих суток по Москве) ' +
      'или дата-время ISO 8601',
  }),
  date_to: DateOrDateTime.optional().meta({
    description:
      'Заказы, созданные до этого момента включительно: дата ГГГГ-ММ-ДД (весь этот день по Москве) ' +
      'или дата-время ISO 8601',
  }),
  external_id: z
    .string()
    .trim()
    .max(EXTERNAL_ID_MAX)
    .optional()
    .meta({ description: 'Заказ по вашему external_id (точное совпадение)' }),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

/** The accounting export takes the list's filters, without the page (DESIGN §11). */
export const OrderExportQuery = OrderListQuery.omit({
  page: true,
  limit: true,
  starting_after: true,
  ending_before: true,
});
export type OrderExportQuery = z.infer<typeof OrderExportQuery>;

/** The export's columns, in order (DESIGN §11). */
export const EXPORT_COLUMNS = [
  'номер',
  // The order's external_id: the shop's own number for it, in words an accountant reads.
  'номер в магазине',
  'дата',
  'статус',
  'сумма',
  'возвращено',
  'организация',
  'ИНН',
  'банк',
  'выплачено',
  'номер платёжного поручения',
] as const;

export const OrderIdParams = z.strictObject({ order_id: OrderIdParam });
/** The buyer's page sends the client_id of its address (`/client/{order_id}?client_id=…`). */
export const OrderGetQuery = z.strictObject({
  client_id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .meta({
      description:
        'id покупателя (целое число), как в ссылке покупателя /client/{order_id}?client_id=…: если у заказа ' +
        'другой покупатель или его ещё нет — 404',
    }),
});

export const CANCEL_REASON_MAX = 500;
export const CancelBody = z
  .strictObject({
    reason: z
      .string()
      .overwrite(cleanText)
      .max(CANCEL_REASON_MAX, `Причина — не длиннее ${CANCEL_REASON_MAX} символов`)
      .optional(),
  })
  .meta({ id: 'CancelOrder', examples: [{ reason: 'Покупатель передумал' }] });
export type CancelBody = z.infer<typeof CancelBody>;

export const RefundProduct = z
  .strictObject({
    product_id: z.number().int().positive(),
    quantity: z.number().int().min(1).max(MAX_QUANTITY),
  })
  .meta({ id: 'RefundProduct' });
export type RefundProduct = z.infer<typeof RefundProduct>;

export const RefundCreate = z
  .strictObject({
    amount: z
      .number({ error: 'Укажите сумму возврата' })
      .positive('Сумма возврата должна быть больше нуля')
      .refine(isValidRublesAmount, 'Сумма может иметь не больше двух знаков после запятой'),
    reason: z
      .string({ error: 'Укажите причину возврата' })
      .overwrite(cleanText)
      .min(1, 'Укажите причину возврата')
      .max(CANCEL_REASON_MAX, `Причина — не длиннее ${CANCEL_REASON_MAX} символов`),
    products: z.array(RefundProduct).max(MAX_PRODUCTS).optional(),
  })
  .meta({
    id: 'RefundCreate',
    examples: [
      { amount: 350.1, reason: 'Возврат одной пачки бумаги', products: [{ product_id: 1, quantity: 1 }] },
    ],
  });
export type RefundCreate = z.infer<typeof RefundCreate>;

const EXAMPLE_REFUND = {
  id: '3c9e1f7a-2b4d-4e6f-8a1c-5d7e9f0a2b4c',
  order_id: '7d4f2a90-1c3b-4e5f-8a6d-9b0c1d2e3f40',
  amount: 350.1,
  reason: 'Возврат одной пачки бумаги',
  products: [{ product_id: 1, quantity: 1 }],
  bank_reference: null,
  created_at: '2026-11-24T12:00:00.000Z',
  livemode: true,
};

export const Refund = z
  .object({
    id: Uuid,
    order_id: Uuid,
    amount: z.number().meta({ description: 'Сумма возврата, в рублях' }),
    reason: z.string().meta({ description: 'Причина возврата' }),
    products: z.array(RefundProduct).meta({ description: 'Какие товары вернулись (может быть пустым)' }),
    bank_reference: z.string().nullable().meta({
      description: 'Номер документа банка о возврате; null, пока банк не подтвердил возврат',
    }),
    created_at: IsoDateTime,
    livemode: z.boolean().meta({ description: 'Режим заказа: true — боевой, false — тестовый' }),
  })
  .meta({
    id: 'Refund',
    description: 'Возврат по оплаченному заказу (DESIGN §11).',
    examples: [EXAMPLE_REFUND],
  });
export type Refund = z.infer<typeof Refund>;

export const RefundList = z
  .object({ items: z.array(Refund) })
  .meta({ id: 'RefundList', examples: [{ items: [EXAMPLE_REFUND] }] });
export type RefundList = z.infer<typeof RefundList>;
