// Создание заказа: POST /api/order/orders. В ответе — заказ с link, ссылкой для покупателя.
// Node.js 18+ (встроенный fetch), без зависимостей. Запуск: node create-order.mjs
const BASE_URL = process.env.B2BPAY_BASE_URL ?? 'http://localhost:3000';
const API_KEY = process.env.B2BPAY_API_KEY ?? 'sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2';

const response = await fetch(`${BASE_URL}/api/order/orders`, {
  method: 'POST',
  headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
  body: JSON.stringify({
    products: [
      { name: 'Бумага офисная А4, 500 листов', price: 350.1, quantity: 3 },
      { name: 'Картридж HP 85A', price: 4990, quantity: 1 },
    ],
    client: { name: 'Иван', surname: 'Петров', email: 'buyer@example.ru', phone_number: '+79991234567' },
  }),
});
const body = await response.text();

if (response.status !== 200) {
  console.error(`HTTP ${response.status}`);
  console.error(body);
  process.exit(1);
}
const order = JSON.parse(body);
console.log(JSON.stringify(order, null, 2));
