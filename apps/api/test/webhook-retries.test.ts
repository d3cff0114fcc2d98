import { formatDateTime } from '@b2bpay/domain';
import { type HttpReceiver, startHttpReceiver } from '@b2bpay/test-sinks';
import { afterAll, expect, it } from 'vitest';
import { describeApi } from './support/describe-api';
import { createOrder, newShop, sampleProducts } from './support/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The default schedule: the spec's 1, 5 and 15 minutes, then 1, 3, 6 and 12 hours, then a day twice. */
const SCHEDULE = [1, 5, 15].map((m) => m * MINUTE).concat([1, 3, 6, 12, 24, 24].map((h) => h * HOUR));

// No WEBHOOK_RETRY_SCHEDULE here: the suite runs the default schedule on the injected clock.
describeApi('webhook retries for up to 3 days', { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } }, (t) => {
  let receiver: HttpReceiver;
  afterAll(() => receiver?.close());

  const letters = (kind: string) =>
    t.db.query<{ subject: string; body: string }>(
      'SELECT subject, body FROM notifications WHERE kind = $1 AND recipient = $2 ORDER BY seq',
      [kind, 'second@shop.example'],
    );
  const deliveryStatus = async () =>
    (
      await t.db.query<{ status: string }>(
        "SELECT status FROM webhook_deliveries WHERE event_type <> 'webhook.test'",
      )
    )[0]?.status;

  it('retries on the default schedule, writes when the episode opens and when the delivery is given up', async () => {
    t.clock.set(new Date('2026-11-27T09:00:00Z'));
    receiver = await startHttpReceiver('/hook');
    receiver.answerWith(500);
    const shop = await newShop(t, 'Магазин, чей сервер лежит');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/shop/settings',
      headers: shop.auth,
      payload: { webhook_url: receiver.url },
    });
    expect(put.statusCode, put.body).toBe(200);
    const order = await createOrder(t, { products: sampleProducts }, shop.auth);
    const client = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/orders/${order.id}/client`,
      payload: {
        surname: 'Петров',
        name: 'Пётр',
        inn: '7707083893',
        organization_name: 'ПАО «Сбербанк России»',
      },
    });
    expect(client.statusCode, client.body).toBe(200);
    await t.worker.drain();
    expect(receiver.requests).toHaveLength(1);

    for (const [index, delay] of SCHEDULE.entries()) {
      // A second early, nothing is sent: each retry waits its whole gap.
      t.clock.advance(delay - 1000);
      await t.worker.drain();
      expect(receiver.requests).toHaveLength(index + 1);
      t.clock.advance(1000);
      await t.worker.drain();
      expect(receiver.requests).toHaveLength(index + 2);

      const failing = await letters('webhook_failing');
      // The spec's three retries (21 minutes) open the episode: one letter, while retries go on.
      expect(failing).toHaveLength(index >= 2 ? 1 : 0);
      if (index === 2) {
        const lastRetry = new Date(t.clock.now().getTime() + SCHEDULE.slice(3).reduce((a, b) => a + b, 0));
        expect(failing[0]?.body).toContain(
          `Мы продолжим повторять до ${formatDateTime(lastRetry, 'Europe/Moscow')} (МСК)`,
        );
      }
      const last = index === SCHEDULE.length - 1;
      expect(await deliveryStatus()).toBe(last ? 'failed' : 'pending');
      expect(await letters('webhook_given_up')).toHaveLength(last ? 1 : 0);
    }
    // The last retry came 70 h 21 min after the first attempt: within 3 days.
    expect(SCHEDULE.reduce((a, b) => a + b, 0)).toBe(70 * HOUR + 21 * MINUTE);
    const [givenUp] = await letters('webhook_given_up');
    expect(givenUp?.subject).toBe(`B2BPay: доставка вебхуков на ${receiver.url} прекращена`);
    expect(givenUp?.body).toContain('Последняя ошибка: Получатель ответил HTTP 500');

    // Nothing more is planned for it, and nothing more is sent (the order's own later events aside).
    t.clock.advance(7 * 24 * HOUR);
    await t.worker.drain();
    const attempts = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.event_type = 'order.client.updated'",
    );
    expect(attempts[0]?.n).toBe(SCHEDULE.length + 1);
  });
});
