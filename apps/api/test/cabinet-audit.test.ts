import { beforeAll, expect, it } from 'vitest';
import type { BankCredentials } from '../src/modules/banks';
import { runRetention } from '../src/modules/retention';
import { approveSignAndPay, seedBanks } from './support/banks';
import { patchClient, prepareSubmission } from './support/buyer';
import { addMember, type Login, PASSWORD, registerOwner } from './support/cabinet';
import { describeApi } from './support/describe-api';
import { createOrder, sampleProducts } from './support/test-app';

interface Entry {
  id: string;
  actor: { type: 'user'; email: string } | { type: 'key'; key_last4: string };
  action: string;
  details: Record<string, unknown>;
  ip: string | null;
  created_at: string;
}

describeApi('the shop’s audit log', (t) => {
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let key: { authorization: string };
  let banks: Record<string, BankCredentials>;
  const audit = async (login: Login, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/cabinet/shops/${owner.shopId}/audit${query}`,
      headers: login.cookie,
    });
    return res;
  };
  const entries = async (): Promise<Entry[]> => (await audit(owner, '?limit=100')).json().items;
  const latest = async (action: string) => (await entries()).find((e) => e.action === action);

  beforeAll(async () => {
    owner = await registerOwner(t, 'audited@shop.example');
    key = { authorization: `Bearer ${owner.secretKey}` };
    banks = await seedBanks(t);
  });

  it('records log-ins, failed and successful, per account', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/login',
      payload: { email: 'audited@shop.example', password: 'wrong-password-1' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/login',
      payload: { email: 'audited@shop.example', password: PASSWORD },
    });
    const actions = (await entries()).map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['login.succeeded', 'login.failed']);
    expect(actions).toContain('shop.created');
    const failed = await latest('login.failed');
    expect(failed).toMatchObject({ actor: { type: 'user', email: 'audited@shop.example' }, ip: '127.0.0.1' });
  });

  it('names a user by e-mail and a key by its last four characters: key rotations', async () => {
    const bySession = await t.app.inject({
      method: 'POST',
      url: '/api/shop/keys/rotate',
      headers: owner.on(owner.shopId),
      payload: { kind: 'publishable' },
    });
    expect(bySession.statusCode).toBe(200);
    expect(await latest('key.rotated')).toMatchObject({
      actor: { type: 'user', email: 'audited@shop.example' },
      details: { kind: 'publishable', expire_old_in_seconds: 0 },
    });
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/api/shop/keys/rotate',
      headers: key,
      payload: { kind: 'publishable', expire_old_in_seconds: 60 },
    });
    expect(byKey.statusCode).toBe(200);
    const entry = await latest('key.rotated');
    expect(entry?.actor).toEqual({ type: 'key', key_last4: owner.secretKey.slice(-4) });
    expect(JSON.stringify(entry)).not.toContain(byKey.json().key);
  });

  it('records webhook and widget settings, without secrets', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/shop/settings',
      headers: owner.on(owner.shopId),
      payload: { widget_origins: ['https://shop.example.ru'], rotate_webhook_secret: true },
    });
    expect(res.statusCode).toBe(200);
    const entry = await latest('settings.updated');
    expect(entry?.details).toEqual({
      widget_origins: ['https://shop.example.ru'],
      rotate_webhook_secret: true,
    });
    expect(JSON.stringify(entry)).not.toContain(res.json().webhook_secret);
  });

  it('records the team: invitations, role changes, removals', async () => {
    const member = await addMember(t, owner.shopId, 'audited-member@shop.example', 'manager');
    const unsafe = owner.on(owner.shopId);
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/cabinet/shops/${owner.shopId}/invitations`,
      headers: unsafe,
      payload: { email: 'audited-invitee@shop.example', role: 'developer' },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/cabinet/shops/${owner.shopId}/invitations/${invited.json().id}`,
      headers: unsafe,
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/cabinet/shops/${owner.shopId}/members/${member.userId}`,
      headers: unsafe,
      payload: { role: 'accountant' },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/cabinet/shops/${owner.shopId}/members/${member.userId}`,
      headers: unsafe,
    });
    const recent = (await entries()).slice(0, 4);
    expect(recent.map((e) => e.action)).toEqual([
      'member.removed',
      'member.role_changed',
      'invitation.revoked',
      'member.invited',
    ]);
    expect(recent[1]?.details).toEqual({
      email: 'audited-member@shop.example',
      from: 'manager',
      to: 'accountant',
    });
  });

  it('records order cancels, refunds and exports', async () => {
    const order = await createOrder(t, { products: sampleProducts }, key);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/order/orders/${order.id}/cancel`,
      headers: owner.on(owner.shopId),
      payload: { reason: 'Покупатель передумал' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await latest('order.cancelled')).toMatchObject({
      details: { order_id: order.id, reason: 'Покупатель передумал' },
    });

    const paidOrder = await createOrder(t, { products: sampleProducts }, key);
    const { body } = await prepareSubmission(t, paidOrder.id, {
      phone: '+79261009999',
      email: 'buyer@audit.ru',
    });
    expect((await patchClient(t, paidOrder.id, body)).statusCode).toBe(200);
    await approveSignAndPay(t, banks, paidOrder.id);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/order/orders/${paidOrder.id}/refunds`,
      headers: key,
      payload: { amount: 100, reason: 'Брак' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await latest('refund.created')).toMatchObject({
      actor: { type: 'key', key_last4: owner.secretKey.slice(-4) },
      details: { order_id: paidOrder.id, amount: 100, reason: 'Брак' },
    });

    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders/export.csv?status=cancelled',
      headers: { ...owner.cookie, 'x-shop-id': owner.shopId },
    });
    expect(exported.statusCode).toBe(200);
    expect(await latest('orders.exported')).toMatchObject({
      details: { filters: { status: ['cancelled'] } },
    });
  });

  it('is read by owners and admins only, and pages newest first', async () => {
    const admin = await addMember(t, owner.shopId, 'audit-admin@shop.example', 'admin');
    const accountant = await addMember(t, owner.shopId, 'audit-accountant@shop.example', 'accountant');
    expect((await audit(admin)).statusCode).toBe(200);
    expect((await audit(accountant)).statusCode).toBe(403);
    const all = await entries();
    const first = (await audit(owner, '?limit=2')).json();
    expect(first.items.map((e: Entry) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    expect(first.has_more).toBe(true);
    const next = (await audit(owner, `?limit=2&starting_after=${first.items[1].id}`)).json();
    expect(next.items.map((e: Entry) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
    // Back from the second page: the first again, newest first, nothing newer.
    const back = (await audit(owner, `?limit=2&ending_before=${next.items[0].id}`)).json();
    expect(back.items.map((e: Entry) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    expect(back.has_more).toBe(false);
    const one = (await audit(owner, `?limit=1&ending_before=${all[2]?.id}`)).json();
    expect(one.items.map((e: Entry) => e.id)).toEqual([all[1]?.id]);
    expect(one.has_more).toBe(true);
    // Both cursors, or an entry of another shop or none: a 400 naming the parameter.
    const both = await audit(owner, `?starting_after=${all[0]?.id}&ending_before=${all[1]?.id}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().error.field).toBe('ending_before');
    for (const cursor of ['starting_after', 'ending_before']) {
      const unknown = await audit(owner, `?${cursor}=00000000-0000-4000-8000-000000000000`);
      expect(unknown.statusCode, cursor).toBe(400);
      expect(unknown.json().error).toMatchObject({
        field: cursor,
        message: `${cursor}: нет такой записи в журнале магазина`,
      });
    }
  });

  it('is append-only: an entry cannot be changed', async () => {
    await expect(t.db.query("UPDATE audit_log SET action = 'forged'")).rejects.toThrow(/append-only/);
  });

  it('is kept by the retention setting like the other logs', async () => {
    const before = (await entries()).length;
    expect(before).toBeGreaterThan(0);
    t.clock.advance(366 * 86_400_000);
    const deleted = await runRetention({ config: t.config, db: t.db, clock: t.clock });
    expect(deleted.audit_log).toBeGreaterThanOrEqual(before);
    const left = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    expect(Number(left[0]?.n)).toBe(0);
    // Sessions and one-time links that ended go with the same sweep.
    expect(deleted.cabinet_sessions).toBeGreaterThan(0);
    const sessions = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cabinet_sessions');
    expect(Number(sessions[0]?.n)).toBe(0);
  });
});
