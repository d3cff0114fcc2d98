import { DEMO_SHOP } from '@b2bpay/domain';
import { sixDigits, startSmtpSink } from '@b2bpay/test-sinks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCodeFromOutbox, patchClient, STEP1 } from '../support/buyer';
import {
  createOrder,
  DB_KINDS,
  demoAuth,
  startTestApp,
  storeWebhookUrl,
  type TestApp,
} from '../support/test-app';
import { freePort, startDedupReceiver } from './support/helpers';

/**
 * The faults that need no process to die (the clock is the test's, so a whole retry
 * schedule passes in milliseconds): the webhook receiver down for the whole schedule and then back,
 * and the SMTP server down while buyers request codes. Kills and a PostgreSQL restart are in the
 * `npm run test:reliability` suites.
 */
describe.each(DB_KINDS)('faults on %s', (kind) => {
  describe('the webhook receiver is down for a whole retry schedule, then back', () => {
    let t: TestApp;
    let receiver: Awaited<ReturnType<typeof startDedupReceiver>>;
    beforeAll(async () => {
      t = await startTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE: '1m,5m,15m' });
      receiver = await startDedupReceiver(DEMO_SHOP.webhookSecret, { now: () => t.clock.now() });
      await storeWebhookUrl(t, DEMO_SHOP.id, receiver.url);
    });
    afterAll(async () => {
      await receiver.close();
      await t.close();
    });

    const deliveries = () =>
      t.db.query<{ id: string; event_id: string; status: string; attempts: number }>(
        'SELECT id, event_id, status, attempts FROM webhook_deliveries ORDER BY created_at, id',
      );
    const event = async () => {
      const order = await createOrder(t);
      expect((await patchClient(t, order.id, STEP1)).statusCode).toBe(200);
      return order.id;
    };

    it('every event is delivered or marked failed; a re-send delivers; the receiver applies each webhook-id once', async () => {
      await receiver.down();
      const early = [];
      for (let i = 0; i < 20; i++) early.push(await event());
      await t.worker.drain();
      t.clock.advance(60_000);
      await t.worker.drain();
      // Five more events arrive halfway through the schedule of the first twenty.
      const late = [];
      for (let i = 0; i < 5; i++) late.push(await event());
      await t.worker.drain();
      t.clock.advance(5 * 60_000);
      await t.worker.drain();
      t.clock.advance(15 * 60_000);
      await t.worker.drain();

      const afterSchedule = await deliveries();
      const failed = afterSchedule.filter((d) => d.status === 'failed');
      // 1 attempt + 3 retries, all refused: the first twenty are failed, nothing is lost or pending forever.
      expect(failed).toHaveLength(20);
      expect(failed.every((d) => Number(d.attempts) === 4)).toBe(true);
      expect(afterSchedule.filter((d) => d.status === 'pending')).toHaveLength(5);
      expect(receiver.requests).toHaveLength(0);
      const view = await t.app.inject({
        method: 'GET',
        url: `/api/webhooks/deliveries?order_id=${early[0]}`,
        headers: demoAuth,
      });
      expect(view.json().items[0].attempts_log).toHaveLength(4);
      expect(view.json().items[0].last_error).toMatch(/ECONNREFUSED/);

      await receiver.up();
      // The five mid-schedule ones are delivered by their own next retry, no one has to act.
      t.clock.advance(15 * 60_000);
      await t.worker.drain();
      expect((await deliveries()).filter((d) => d.status === 'delivered')).toHaveLength(5);
      // The shop re-sends the failed ones from its area.
      for (const d of failed) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/webhooks/deliveries/${d.id}/retry`,
          headers: demoAuth,
        });
        expect(res.statusCode).toBe(200);
      }
      await t.worker.drain();
      const final = await deliveries();
      expect(final.filter((d) => d.status !== 'delivered')).toEqual([]);
      expect(receiver.badSignatures).toBe(0);
      expect(receiver.applied.size).toBe(25);
      expect(new Set(receiver.applied.keys())).toEqual(new Set(final.map((d) => d.event_id)));
      // A re-send of a delivered event is the same webhook-id: the receiver does not apply it twice.
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/webhooks/deliveries/${failed[0]?.id}/retry`,
        headers: demoAuth,
      });
      expect(again.statusCode).toBe(200);
      await t.worker.drain();
      expect(receiver.requests).toHaveLength(26);
      expect(receiver.applied.size).toBe(25);
      // Every committed change has its event, and every event its delivery.
      const orphans = await t.db.query(
        `SELECT o.id FROM orders o WHERE o.id = ANY($1::uuid[])
           AND NOT EXISTS (SELECT 1 FROM events e JOIN webhook_deliveries d ON d.event_id = e.id WHERE e.order_id = o.id)`,
        [[...early, ...late]],
      );
      expect(orphans).toEqual([]);
    });
  });

  describe('the SMTP server is down while buyers request codes', () => {
    let t: TestApp;
    let port = 0;
    beforeAll(async () => {
      port = await freePort();
      t = await startTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    });
    afterAll(() => t.close());

    it('codes are still requested (200), e-mails are retried and delivered once SMTP is back, and the codes work', async () => {
      const buyers = [];
      for (let i = 0; i < 8; i++) {
        const order = await createOrder(t);
        const client = (await patchClient(t, order.id, STEP1)).json().id as number;
        const phone = `+7916444${String(i).padStart(4, '0')}`;
        const email = `smtp-down-${i}@firm.ru`;
        expect((await patchClient(t, order.id, { client_id: client, phone_number: phone })).statusCode).toBe(
          200,
        );
        const res = await patchClient(t, order.id, { client_id: client, email });
        expect(res.statusCode, res.body).toBe(200);
        buyers.push({ order: order.id, client, phone, email });
      }
      await t.worker.drain();
      const pending = await t.db.query<{ status: string; attempts: number; last_error: string }>(
        "SELECT status, attempts, last_error FROM notifications WHERE channel = 'email'",
      );
      expect(pending).toHaveLength(8);
      expect(pending.every((n) => n.status === 'pending' && Number(n.attempts) === 1)).toBe(true);
      expect(pending[0]?.last_error).toMatch(/ECONNREFUSED|connect/i);
      // Nothing about the address or the code leaks into the stored error.
      expect(JSON.stringify(pending)).not.toMatch(/smtp-down-\d@|\b\d{6}\b/);

      const sink = await startSmtpSink(port);
      try {
        t.clock.advance(10_000);
        await t.worker.drain();
        expect(sink.mails).toHaveLength(8);
        expect(new Set(sink.mails.map((m) => m.to)).size).toBe(8);
        const sent = await t.db.query<{ status: string }>(
          "SELECT status FROM notifications WHERE channel = 'email'",
        );
        expect(sent.every((n) => n.status === 'sent')).toBe(true);
        // The delayed codes are still valid (10 minutes): every buyer submits.
        for (const b of buyers) {
          const mail = sink.mails.find((m) => m.to.includes(b.email));
          const res = await patchClient(t, b.order, {
            ...STEP1,
            client_id: b.client,
            phone_number: b.phone,
            email: b.email,
            sms_code_input: await lastCodeFromOutbox(t, b.phone),
            email_code_input: sixDigits(mail?.text ?? ''),
            personal_data_consent: true,
            bank_transfer_consent: true,
            order_version: 1,
          });
          expect(res.statusCode, res.body).toBe(200);
        }
        // A job that runs again (after a crash) does not send twice.
        await t.db.query("UPDATE jobs SET state = 'pending', run_at = $1 WHERE kind = 'notification.send'", [
          t.clock.now(),
        ]);
        await t.worker.drain();
        expect(sink.mails).toHaveLength(8);
      } finally {
        await sink.close();
      }
    });
  });
});
