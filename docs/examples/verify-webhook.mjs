// Приём вебхуков B2BPay с проверкой подписи (Standard Webhooks). Node.js 18+, без зависимостей.
// Запуск: B2BPAY_WEBHOOK_SECRET=whsec_… node verify-webhook.mjs — слушает порт PORT (по умолчанию 8000).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const SECRET = process.env.B2BPAY_WEBHOOK_SECRET ?? 'whsec_ZGVtby13ZWJob29rLXNlY3JldC1iMmJwYXktMDAx';
const PORT = Number(process.env.PORT ?? 8000);
const TOLERANCE_SECONDS = 5 * 60;

/** Подпись сделана секретом магазина, и отметка времени свежая (не старше 5 минут). */
function verifyWebhook(secret, headers, rawBody) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !/^\d+$/.test(timestamp ?? '') || !signatures) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  // Ключ — часть секрета после whsec_, декодированная из base64; подписывается «id.timestamp.тело».
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(rawBody).digest();
  // Подписей может быть несколько через пробел (например, при смене секрета).
  return signatures.split(' ').some((signature) => {
    const [version, value = ''] = signature.split(',');
    const actual = Buffer.from(value, 'base64');
    return version === 'v1' && actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const rawBody = Buffer.concat(chunks);
    if (request.method !== 'POST' || !verifyWebhook(SECRET, request.headers, rawBody)) {
      console.error('Отклонён запрос: неверная подпись');
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('invalid signature');
      return;
    }
    const event = JSON.parse(rawBody.toString('utf8'));
    // Доставка «хотя бы один раз»: тот же webhook-id может прийти повторно — обработайте его один раз.
    console.log(
      `${event.event} (${request.headers['webhook-id']}): заказ №${event.order_number ?? '—'}, ` +
        `${event.previous_status ?? '—'} → ${event.status ?? '—'}`,
    );
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
  });
}).listen(PORT, () => console.log(`Жду вебхуки на http://localhost:${PORT}/`));
