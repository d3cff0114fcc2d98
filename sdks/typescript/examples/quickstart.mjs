// node quickstart.mjs — the B2BPay API from a shop's server with @b2bpay/sdk.
import { B2BPay, B2BPayError } from '@b2bpay/sdk';

const b2bpay = new B2BPay({
  baseUrl: process.env.B2BPAY_BASE_URL ?? 'http://localhost:3000',
  apiKey: process.env.B2BPAY_API_KEY ?? 'sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2',
});

// Once: where the shop's webhooks go (your endpoint, see webhook-receiver.mjs).
const webhookUrl = process.env.B2BPAY_WEBHOOK_URL;
if (webhookUrl) await b2bpay.updateShopSettings({ webhook_url: webhookUrl });

// Create an order: prices in roubles (up to kopecks). The client sends an Idempotency-Key and
// repeats it after a lost answer or a 429, so a retry never creates a second order.
const order = await b2bpay.createOrder({
  products: [{ name: 'Бумага офисная А4, 500 листов', price: 350.1, quantity: 3 }],
  client: { email: 'buyer@example.ru', phone_number: '+79991234567' },
  external_id: `CART-${Date.now()}`,
});
console.log('created', order.id, order.amount, order.link);

// Read it, and list the orders still waiting for the buyer.
const fetched = await b2bpay.getOrder(order.id);
console.log('status', fetched.status);
const page = await b2bpay.listOrders({ status: 'client_expected', limit: 10 });
console.log(
  'listed',
  page.count,
  page.items.some((o) => o.id === order.id),
);

// The cart changed: the order follows, and an order.products.updated event is recorded.
await b2bpay.replaceOrderProducts(order.id, [
  { name: 'Бумага офисная А4, 500 листов', price: 350.1, quantity: 3 },
  { name: 'Картридж HP 85A', price: 4990, quantity: 1 },
]);

// The event log: the very events the webhooks carry, oldest first; page on with `after`. It never
// skips one, so an event shows once every transaction begun before it has ended: poll, as a
// catch-up job would.
let log = await b2bpay.listEvents({ order_id: order.id });
for (let tries = 0; log.items.length === 0 && tries < 50; tries++) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  log = await b2bpay.listEvents({ order_id: order.id });
}
for (const event of log.items) console.log('event', event.event, event.event_id, event.amount);

// A signed test webhook to your endpoint.
if (webhookUrl) {
  const delivery = await b2bpay.sendTestWebhook({ url: webhookUrl });
  console.log('test webhook', delivery.event_id);
}

// Errors carry the API's code, message, field and request_id.
try {
  await b2bpay.createOrder({ products: [] });
} catch (error) {
  if (!(error instanceof B2BPayError)) throw error;
  console.log('error', error.status, error.code, error.field, error.message, error.request_id);
}
