import { type AcceptedOffer, type Client, DEMO_SHOP, type Offer, type Order } from '@b2bpay/domain';
import { json, type MockCall } from '../../../test/render';
import { type ApplicationFormData, EMPTY_FORM, formKey } from '../model/application-store';

/** Test data for the buyer feature's component tests. */
export const ORDER_ID = '0b5d2a36-6a3c-4d63-9a55-3b1f0c2f7e11';

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    shop_id: DEMO_SHOP.id,
    order_number: '1042',
    status: 'client_expected',
    version: 1,
    link: `http://localhost/client/${ORDER_ID}`,
    amount: 4505,
    products: [{ id: 1, name: 'Бумага офисная А4', price: 450.5, quantity: 10 }],
    client: null,
    created_at: '2026-11-22T14:05:00Z',
    updated_at: '2026-11-22T14:05:00Z',
    livemode: false,
    ...overrides,
  };
}

export function makeClient(overrides: Partial<Client> = {}): Client {
  return {
    id: 77,
    email: null,
    phone_number: null,
    name: null,
    surname: null,
    middlename: null,
    inn: null,
    organization_name: null,
    created_at: '2026-11-22T14:05:00Z',
    updated_at: '2026-11-22T14:05:00Z',
    email_confirmed: false,
    sms_confirmed: false,
    ...overrides,
  };
}

/** A bank's offer as the public order lists it: a 30-day deferral of the order's 4 505 ₽ by default. */
export function makeOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: '6f1c1d7e-3b0a-4c55-9e2f-1a2b3c4d5e01',
    bank: 'sever',
    bank_name: 'Банк «Северный Кредит»',
    kind: 'deferral',
    term_days: 30,
    term_months: null,
    fee: 90.1,
    total: 4595.1,
    monthly_payment: null,
    valid_until: '2026-12-04T20:59:59.000Z',
    ...overrides,
  };
}

/** Six months of instalments from another bank: 4 505 ₽ + 270,30 ₽, 795,89 ₽ a month. */
export const INSTALMENTS = makeOffer({
  id: '6f1c1d7e-3b0a-4c55-9e2f-1a2b3c4d5e02',
  bank: 'volga',
  bank_name: 'Волга Банк',
  kind: 'instalments',
  term_days: null,
  term_months: 6,
  fee: 270.3,
  total: 4775.3,
  monthly_payment: 795.89,
});

export const signed = (offer: Offer, accepted_at = '2026-11-27T09:30:00.000Z'): AcceptedOffer => ({
  ...offer,
  accepted_at,
});

/** An approved order whose buyer has submitted the application (client 77, both contacts confirmed). */
export function approvedOrder(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    status: 'app_approved',
    client: makeClient({ id: 77, sms_confirmed: true, email_confirmed: true }),
    offers: [makeOffer(), INSTALMENTS],
    accepted_offer: null,
    ...overrides,
  });
}

export const STEP1_DONE: Partial<ApplicationFormData> = {
  clientId: 77,
  surname: 'Петров',
  name: 'Пётр',
  middlename: 'Петрович',
  inn: '7707083893',
  organizationName: 'ПАО «Сбербанк России»',
  prepopulated: true,
};

export function storeForm(data: Partial<ApplicationFormData>, orderId = ORDER_ID): void {
  sessionStorage.setItem(formKey(orderId), JSON.stringify({ ...EMPTY_FORM, ...data }));
}

export function storedForm(orderId = ORDER_ID): ApplicationFormData {
  return JSON.parse(sessionStorage.getItem(formKey(orderId)) ?? 'null') as ApplicationFormData;
}

export const apiError = (
  status: number,
  message: string,
  field?: string,
  headers: Record<string, string> = {},
) =>
  new Response(
    JSON.stringify({
      detail: message,
      error: { code: status === 429 ? 'RATE_LIMITED' : 'VALIDATION_ERROR', message, field },
    }),
    { status, headers: { 'Content-Type': 'application/json', ...headers } },
  );

/** An error body with its own code, e.g. 409 OFFER_UNAVAILABLE. */
export const apiErrorCode = (status: number, code: string, message: string) =>
  new Response(
    JSON.stringify({
      detail: message,
      error: { code, message },
    }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );

export interface BuyerApiHandlers {
  order?: Order | (() => Response | Promise<Response>);
  shop?: () => Response;
  patch?: (call: MockCall) => Response | Promise<Response>;
  suggest?: (inn: string) => Response | Promise<Response>;
  /** POST …/offers/{offer_id}/code and …/accept. */
  offerCode?: (call: MockCall) => Response | Promise<Response>;
  offerAccept?: (call: MockCall) => Response | Promise<Response>;
  /** POST …/client/code-check: a step-2 code checked as it is typed (right by default). */
  codeCheck?: (call: MockCall) => Response | Promise<Response>;
}

/** Routes the feature's calls: the order, its shop, the client patch, the INN suggestions and the offers'. */
export function buyerApi(handlers: BuyerApiHandlers = {}) {
  return (call: MockCall): Response | Promise<Response> => {
    if (call.url.startsWith('/api/integration/company/suggest')) {
      const inn = new URLSearchParams(call.url.split('?')[1]).get('inn') ?? '';
      return handlers.suggest ? handlers.suggest(inn) : json([]);
    }
    if (call.method === 'POST' && /\/offers\/[^/]+\/code$/.test(call.url)) {
      return handlers.offerCode
        ? handlers.offerCode(call)
        : json({ phone_number: '+7 916 ***-**-67', resend_after_seconds: 60, expires_in_seconds: 600 });
    }
    if (call.method === 'POST' && /\/offers\/[^/]+\/accept$/.test(call.url)) {
      return handlers.offerAccept
        ? handlers.offerAccept(call)
        : new Response('no accept handler', { status: 599 });
    }
    if (call.method === 'POST' && call.url.endsWith('/client/code-check')) {
      return handlers.codeCheck ? handlers.codeCheck(call) : json({ valid: true });
    }
    if (call.method === 'PATCH') {
      return handlers.patch ? handlers.patch(call) : json(makeClient());
    }
    if (call.url.startsWith('/api/shop/')) {
      return handlers.shop
        ? handlers.shop()
        : json({ id: DEMO_SHOP.id, name: DEMO_SHOP.name, email: DEMO_SHOP.email });
    }
    if (call.url.startsWith('/api/order/orders/')) {
      const order = handlers.order ?? makeOrder();
      return typeof order === 'function' ? order() : json(order);
    }
    return new Response('unexpected call', { status: 599 });
  };
}
