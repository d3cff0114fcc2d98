import { type Client, DEMO_SHOP, type Order } from '@b2bpay/domain';
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

export interface BuyerApiHandlers {
  order?: Order | (() => Response | Promise<Response>);
  shop?: () => Response;
  patch?: (call: MockCall) => Response | Promise<Response>;
  suggest?: (inn: string) => Response | Promise<Response>;
}

/** Routes the feature's calls: the order, its shop, the client patch and the INN suggestions. */
export function buyerApi(handlers: BuyerApiHandlers = {}) {
  return (call: MockCall): Response | Promise<Response> => {
    if (call.url.startsWith('/api/integration/company/suggest')) {
      const inn = new URLSearchParams(call.url.split('?')[1]).get('inn') ?? '';
      return handlers.suggest ? handlers.suggest(inn) : json([]);
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
