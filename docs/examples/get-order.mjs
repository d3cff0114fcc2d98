// Заказ по id: GET /api/order/orders/{order_id} — статус, номер, сумма, дата, данные клиента.
// Node.js 18+, без зависимостей. Запуск: node get-order.mjs <order_id>
const BASE_URL = process.env.B2BPAY_BASE_URL ?? 'http://localhost:3000';
const API_KEY = process.env.B2BPAY_API_KEY ?? 'sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2';
const orderId = process.argv[2];
if (!orderId) {
  console.error('Укажите id заказа: node get-order.mjs <order_id>');
  process.exit(2);
}

const response = await fetch(`${BASE_URL}/api/order/orders/${encodeURIComponent(orderId)}`, {
  headers: { Authorization: `Bearer ${API_KEY}` },
});
const body = await response.text();

if (response.status !== 200) {
  console.error(`HTTP ${response.status}`);
  console.error(body);
  process.exit(1);
}
const order = JSON.parse(body);
console.log(JSON.stringify(order, null, 2));
