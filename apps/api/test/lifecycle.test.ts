import { expect, it } from 'vitest';
import { patchClient, prepareSubmission, STEP1 } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth } from './support/test-app';

describeApi(
  'order lifecycle with the sandbox banks',
  {
    env: {
      SANDBOX_DECISION_DELAY_MS: '5000',
      SANDBOX_PAYMENT_DELAY_MS: '10000',
      CLIENT_INFO_TTL: '72h',
    },
  },
  (t) => {
    let n = 0;
    const contacts = (prefix: string) => {
      n += 1;
      return { phone: `+7926000${String(1000 + n)}`, email: `${prefix}${n}@buyer.ru` };
    };

    const owner = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/order/orders/${id}`, headers: demoAuth })).json();
    const submit = async (prefix: string) => {
      const order = await createOrder(t);
      const { body } = await prepareSubmission(t, order.id, contacts(prefix));
      const res = await patchClient(t, order.id, body);
      expect(res.statusCode, res.body).toBe(200);
      await t.worker.drain();
      return order;
    };
    const emails = async (orderId: string) =>
      (
        await t.db.query<{ kind: string }>(
          "SELECT kind FROM notifications WHERE order_id = $1 AND channel = 'email' ORDER BY created_at, id",
          [orderId],
        )
      ).map((r) => r.kind);

    it('approves after the decision delay, pays after the payment delay, e-mails the decision', async () => {
      const order = await submit('ivan');
      expect((await owner(order.id)).status).toBe('bank_info_expected');
      t.clock.advance(4999);
      await t.worker.drain();
      expect((await owner(order.id)).status).toBe('bank_info_expected');
      t.clock.advance(1);
      await t.worker.drain();
      const approved = await owner(order.id);
      expect(approved.status).toBe('app_approved');
      expect(approved.bank_decisions.map((d: { status: string }) => d.status)).toEqual([
        'approved',
        'rejected',
        'pending',
      ]);
      expect(await emails(order.id)).toContain('approved');
      t.clock.advance(10_000);
      await t.worker.drain();
      const paid = await owner(order.id);
      expect(paid.status).toBe('payment_sent');
      expect(paid.bank_decisions.map((d: { status: string }) => d.status)).toEqual([
        'approved',
        'rejected',
        'approved',
      ]);
      const history = await t.db.query<{ to_status: string; actor: string }>(
        'SELECT to_status, actor FROM order_status_history WHERE order_id = $1 ORDER BY id',
        [order.id],
      );
      expect(history).toEqual([
        { to_status: 'client_expected', actor: 'shop' },
        { to_status: 'bank_info_expected', actor: 'buyer' },
        { to_status: 'app_approved', actor: 'bank:sever' },
        { to_status: 'payment_sent', actor: 'bank:sever' },
      ]);
      const events = await t.db.query<{ type: string; sequence: number }>(
        'SELECT type, sequence FROM events WHERE order_id = $1 ORDER BY sequence',
        [order.id],
      );
      expect(events.map((e) => e.type)).toEqual([
        'order.client.updated',
        'order.client.updated',
        'order.status.changed',
        'order.status.changed',
        'order.status.changed',
        'order.payment.completed',
      ]);
      expect(events.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('rejects when every bank rejects a decline…@ buyer', async () => {
      const order = await submit('decline');
      t.clock.advance(5000);
      await t.worker.drain();
      const view = await owner(order.id);
      expect(view.status).toBe('app_rejected');
      expect(view.bank_decisions.every((d: { status: string }) => d.status === 'rejected')).toBe(true);
      expect(await emails(order.id)).toContain('rejected');
    });

    it('leaves a pending…@ buyer waiting for the banks', async () => {
      const order = await submit('pending');
      t.clock.advance(60_000);
      await t.worker.drain();
      expect((await owner(order.id)).status).toBe('bank_info_expected');
    });

    it('sends one reminder halfway and makes an untouched order overdue at the deadline', async () => {
      const withContact = await createOrder(t, {
        products: [{ name: 'A', price: 1, quantity: 1 }],
        client: { email: 'remind-me@buyer.ru' },
      });
      const untouched = await createOrder(t);
      t.clock.advance(36 * 3_600_000 - 1000);
      await t.worker.drain();
      expect(await emails(withContact.id)).toEqual([]);
      t.clock.advance(1000);
      await t.worker.drain();
      await t.worker.drain();
      expect(await emails(withContact.id)).toEqual(['reminder']);
      t.clock.advance(36 * 3_600_000);
      await t.worker.drain();
      expect((await owner(untouched.id)).status).toBe('client_info_overdue');
      expect((await owner(withContact.id)).status).toBe('client_info_overdue');
      expect(await emails(withContact.id)).toEqual(['reminder']);
      expect((await patchClient(t, untouched.id, STEP1)).statusCode).toBe(409);
    });
  },
);
