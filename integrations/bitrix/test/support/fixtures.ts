/** The test site's database (BitrixStub\Store): the rows of Bitrix's tables the module reads or writes. */

export interface ProviderMapping {
  PROVIDER_KEY: 'VALUE' | 'INPUT' | 'PROPERTY' | 'USER' | 'ORDER' | 'PAYMENT';
  PROVIDER_VALUE: string;
}

export interface BasketRow {
  ID: number;
  NAME: string;
  /** One unit's price after discounts, roubles. */
  PRICE: number;
  QUANTITY: number;
  MEASURE_NAME?: string;
  CAN_BUY?: 'Y' | 'N';
  DELAY?: 'Y' | 'N';
}

export interface PropertyRow {
  ORDER_PROPS_ID: number;
  CODE: string;
  NAME: string;
  VALUE: string;
  IS_EMAIL?: 'Y' | 'N';
  IS_PHONE?: 'Y' | 'N';
  IS_PAYER?: 'Y' | 'N';
}

export interface PaymentRow {
  ID: number;
  ORDER_ID: number;
  ACCOUNT_NUMBER: string;
  PAY_SYSTEM_ID: number;
  PAY_SYSTEM_NAME: string;
  SUM: number;
  CURRENCY: string;
  PAID: 'Y' | 'N';
  IS_RETURN: string;
  PS_INVOICE_ID?: string | null;
  PS_STATUS?: string | null;
  PS_STATUS_CODE?: string | null;
  PS_STATUS_DESCRIPTION?: string | null;
  PS_STATUS_MESSAGE?: string | null;
  PS_SUM?: number | null;
  PS_CURRENCY?: string | null;
  PS_RESPONSE_DATE?: string | null;
  DATE_PAID?: string | null;
  PAY_RETURN_COMMENT?: string | null;
  [field: string]: unknown;
}

export interface OrderRow {
  ID: number;
  ACCOUNT_NUMBER: string;
  LID: string;
  PERSON_TYPE_ID: number;
  USER_ID: number;
  STATUS_ID: string;
  CANCELED: 'Y' | 'N';
  PAYED: 'Y' | 'N';
  CURRENCY: string;
  PRICE_DELIVERY: number;
  basket: BasketRow[];
  properties: PropertyRow[];
  payments: PaymentRow[];
}

export interface BitrixState {
  modules: string[];
  options: Record<string, Record<string, string>>;
  pay_systems: Array<Record<string, string | number>>;
  business_values: Record<string, Record<string, ProviderMapping>>;
  order_statuses: Record<string, string>;
  users: Record<string, Record<string, string>>;
  orders: OrderRow[];
  pay_system_log: Array<{ LEVEL: string; MESSAGE: string }>;
}

/** The B2BPay pay system's id on the test sites (another, cash, comes first). */
export const PAY_SYSTEM_ID = 3;
export const BUYER_USER_ID = 7;
export const INN_PROPERTY_ID = 12;

/** The kopecks of the orderable basket plus delivery: what the order's one payment is for. */
export function orderSum(order: Pick<OrderRow, 'basket' | 'PRICE_DELIVERY'>): number {
  const kopecks =
    order.basket
      .filter((row) => row.CAN_BUY !== 'N' && row.DELAY !== 'Y')
      .reduce((sum, row) => sum + Math.round(row.PRICE * 100) * row.QUANTITY, 0) +
    Math.round(order.PRICE_DELIVERY * 100);
  return kopecks / 100;
}

export function legalEntityOrder(options: {
  id: number;
  paymentId: number;
  basket: BasketRow[];
  delivery: number;
  company: string;
  inn: string;
  contact: string;
  email: string;
  phone: string;
}): OrderRow {
  const order: OrderRow = {
    ID: options.id,
    ACCOUNT_NUMBER: String(options.id),
    LID: 's1',
    PERSON_TYPE_ID: 2,
    USER_ID: BUYER_USER_ID,
    STATUS_ID: 'N',
    CANCELED: 'N',
    PAYED: 'N',
    CURRENCY: 'RUB',
    PRICE_DELIVERY: options.delivery,
    basket: options.basket,
    // The properties of Bitrix's legal-entity payer type, by their standard codes.
    properties: [
      {
        ORDER_PROPS_ID: 8,
        CODE: 'COMPANY',
        NAME: 'Название компании',
        VALUE: options.company,
        IS_PAYER: 'Y',
      },
      { ORDER_PROPS_ID: INN_PROPERTY_ID, CODE: 'INN', NAME: 'ИНН', VALUE: options.inn },
      { ORDER_PROPS_ID: 10, CODE: 'CONTACT_PERSON', NAME: 'Контактное лицо', VALUE: options.contact },
      { ORDER_PROPS_ID: 11, CODE: 'EMAIL', NAME: 'E-Mail', VALUE: options.email, IS_EMAIL: 'Y' },
      { ORDER_PROPS_ID: 13, CODE: 'PHONE', NAME: 'Телефон', VALUE: options.phone, IS_PHONE: 'Y' },
    ],
    payments: [],
  };
  order.payments.push({
    ID: options.paymentId,
    ORDER_ID: options.id,
    ACCOUNT_NUMBER: `${options.id}/1`,
    PAY_SYSTEM_ID: PAY_SYSTEM_ID,
    PAY_SYSTEM_NAME: 'Рассрочка для бизнеса (B2BPay)',
    SUM: orderSum(order),
    CURRENCY: 'RUB',
    PAID: 'N',
    IS_RETURN: 'N',
  });
  return order;
}

/** A site with the B2BPay pay system set up as the README says, and its orders. */
export function siteState(
  settings: { apiUrl: string; secretKey: string; webhookSecret: string },
  orders: OrderRow[],
): BitrixState {
  const value = (v: string): ProviderMapping => ({ PROVIDER_KEY: 'VALUE', PROVIDER_VALUE: v });
  const input = (v: string): ProviderMapping => ({ PROVIDER_KEY: 'INPUT', PROVIDER_VALUE: v });
  return {
    modules: ['main', 'sale'],
    options: {},
    pay_systems: [
      { ID: 1, NAME: 'Наличные курьеру', ACTION_FILE: 'cash', ACTIVE: 'Y', PS_MODE: '' },
      {
        ID: PAY_SYSTEM_ID,
        NAME: 'Рассрочка для бизнеса (B2BPay)',
        ACTION_FILE: 'b2bpay',
        ACTIVE: 'Y',
        PS_MODE: '',
      },
    ],
    business_values: {
      [`PAYSYSTEM_${PAY_SYSTEM_ID}`]: {
        B2BPAY_API_URL: value(settings.apiUrl),
        B2BPAY_SECRET_KEY: value(settings.secretKey),
        B2BPAY_WEBHOOK_SECRET: value(settings.webhookSecret),
        PS_IS_TEST: input('Y'),
        PS_CHANGE_STATUS_PAY: input('Y'),
        B2BPAY_CHANGE_ORDER_STATUS: input('Y'),
        B2BPAY_ORDER_STATUS: input('P'),
        // Mapped to the order property, as the admin would; the rest come from the standard codes.
        BUYER_COMPANY_INN: { PROVIDER_KEY: 'PROPERTY', PROVIDER_VALUE: String(INN_PROPERTY_ID) },
      },
    },
    order_statuses: { N: 'Принят, ожидается оплата', P: 'Оплачен, формируется к отправке', F: 'Выполнен' },
    users: { [String(BUYER_USER_ID)]: { EMAIL: 'user@romashka.example' } },
    orders,
    pay_system_log: [],
  };
}

export function paymentOf(state: BitrixState, paymentId: number): PaymentRow {
  for (const order of state.orders) {
    const payment = order.payments.find((p) => p.ID === paymentId);
    if (payment) return payment;
  }
  throw new Error(`no payment ${paymentId} on the site`);
}

export function orderOf(state: BitrixState, orderId: number): OrderRow {
  const order = state.orders.find((o) => o.ID === orderId);
  if (!order) throw new Error(`no order ${orderId} on the site`);
  return order;
}
