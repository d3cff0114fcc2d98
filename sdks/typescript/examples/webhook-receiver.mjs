// PORT=8080 node webhook-receiver.mjs — an endpoint for B2BPay webhooks that checks each signature.
import { createServer } from 'node:http';
import { verifyWebhook } from '@b2bpay/sdk';

const secret = process.env.B2BPAY_WEBHOOK_SECRET ?? 'whsec_ZGVtby13ZWJob29rLXNlY3JldC1iMmJwYXktMDAx';

const server = createServer(async (req, res) => {
  // The body exactly as received: the signature covers these bytes, not re-serialised JSON.
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
  // Retries carry the same event_id: store it once, answer 2xx, do the work afterwards.
  console.log('verified', event.event, event.event_id);
  res.writeHead(204).end();
});
server.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${server.address().port}/`);
});
