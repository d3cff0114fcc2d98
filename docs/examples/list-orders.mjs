// Список заказов: GET /api/order/orders — по 20 на странице, с фильтрами по статусу и датам.
// status можно повторять; date_from и date_to — дата ГГГГ-ММ-ДД или дата-время ISO 8601.
// Node.js 18+, без зависимостей. Запуск: node list-orders.mjs
const BASE_URL = process.env.B2BPAY_BASE_URL ?? 'http://localhost:3000';
const API_KEY = process.env.B2BPAY_API_KEY ?? 'sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2';

const query = new URLSearchParams([
  ['page', '1'],
  ['status', 'client_expected'],
  ['status', 'bank_info_expected'],
  ['date_from', '2025-01-01'],
]);
const response = await fetch(`${BASE_URL}/api/order/orders?${query}`, {
  headers: { Authorization: `Bearer ${API_KEY}` },
});
const body = await response.text();

if (response.status !== 200) {
  console.error(`HTTP ${response.status}`);
  console.error(body);
  process.exit(1);
}
const { items, count } = JSON.parse(body);
console.log(JSON.stringify({ count, items }, null, 2));
