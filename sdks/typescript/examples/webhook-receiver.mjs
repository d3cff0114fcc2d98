// PORT=8080 node webhook-receiver.mjs — обработчик вебхуков B2BPay, проверяющий подпись каждого.
import { createServer } from 'node:http';
import { verifyWebhook } from '@b2bpay/sdk';

const secret = process.env.B2BPAY_WEBHOOK_SECRET ?? 'whsec_ZGVtby13ZWJob29rLXNlY3JldC1iMmJwYXktMDAx';

const server = createServer(async (req, res) => {
  // Тело ровно в том виде, в каком пришло: подпись покрывает эти байты, а не заново собранный JSON.
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = Buffer.concat(chunks).toString('utf8');
  let event;
  try {
    event = verifyWebhook(body, req.headers, secret);
  } catch (error) {
    console.log('rejected', error.message);
    res.writeHead(400).end();
    return;
  }
  // Повторы приходят с тем же event_id: сохраните событие один раз, ответьте 2xx, работу делайте потом.
  console.log('verified', event.event, event.event_id);
  res.writeHead(204).end();
});
server.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${server.address().port}/`);
});
