// node quickstart.mjs — API B2BPay с сервера магазина через @b2bpay/sdk.
import { B2BPay, B2BPayError } from '@b2bpay/sdk';

const b2bpay = new B2BPay({
  baseUrl: process.env.B2BPAY_BASE_URL ?? 'http://localhost:3000',
  apiKey: process.env.B2BPAY_API_KEY ?? 'sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2',
});

// Один раз: куда магазину приходят вебхуки (ваш обработчик, см. webhook-receiver.mjs).
const webhookUrl = process.env.B2BPAY_WEBHOOK_URL;
if (webhookUrl) await b2bpay.updateShopSettings({ webhook_url: webhookUrl });

// Создание заказа: цены в рублях (с копейками). Клиент сам отправляет Idempotency-Key и повторяет
// запрос после потерянного ответа или 429 — повтор никогда не создаст второй заказ.
const order = await b2bpay.createOrder({
  products: [{ name: 'Бумага офисная А4, 500 листов', price: 350.1, quantity: 3 }],
  client: { email: 'buyer@example.ru', phone_number: '+79991234567' },
  external_id: `CART-${Date.now()}`,
});
console.log('created', order.id, order.amount, order.link);

// Прочитать заказ и получить список заказов, которые ждут покупателя.
const fetched = await b2bpay.getOrder(order.id);
console.log('status', fetched.status);
const page = await b2bpay.listOrders({ status: 'client_expected', limit: 10 });
console.log(
  'listed',
  page.count,
  page.items.some((o) => o.id === order.id),
);

// Корзина изменилась: заказ меняется вслед за ней, записывается событие order.products.updated.
await b2bpay.replaceOrderProducts(order.id, [
  { name: 'Бумага офисная А4, 500 листов', price: 350.1, quantity: 3 },
  { name: 'Картридж HP 85A', price: 4990, quantity: 1 },
]);

// Журнал событий: те же события, что приходят вебхуками, старые сначала; дальше — с `after`. Журнал
// ничего не пропускает, поэтому событие появляется, когда завершены все начатые до него транзакции:
// опрашивайте, как это делало бы задание догоняющей синхронизации.
let log = await b2bpay.listEvents({ order_id: order.id });
for (let tries = 0; log.items.length === 0 && tries < 50; tries++) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  log = await b2bpay.listEvents({ order_id: order.id });
}
for (const event of log.items) console.log('event', event.event, event.event_id, event.amount);

// Подписанный тестовый вебхук на ваш обработчик.
if (webhookUrl) {
  const delivery = await b2bpay.sendTestWebhook({ url: webhookUrl });
  console.log('test webhook', delivery.event_id);
}

// Ошибки несут код API, сообщение, поле и request_id.
try {
  await b2bpay.createOrder({ products: [] });
} catch (error) {
  if (!(error instanceof B2BPayError)) throw error;
  console.log('error', error.status, error.code, error.field, error.message, error.request_id);
}
