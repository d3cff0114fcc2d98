import { CABINET_MESSAGES, CABINET_ROLES, type CabinetRole, can, type Permission } from '@b2bpay/domain';
import { beforeAll, expect, it } from 'vitest';
import { addMember, type Login, registerOwner } from './support/cabinet';
import { describeApi } from './support/describe-api';
import { errorOf, sampleProducts } from './support/test-app';

interface Operation {
  name: string;
  permission: Permission;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (orderId: string) => string;
  body?: object;
}

/** Every shop operation the shop area uses, with a body that passes validation. */
const OPERATIONS: Operation[] = [
  {
    name: 'create an order',
    permission: 'orders.write',
    method: 'POST',
    url: () => '/api/order/orders',
    body: { products: sampleProducts },
  },
  { name: 'read an order', permission: 'orders.read', method: 'GET', url: (id) => `/api/order/orders/${id}` },
  { name: 'list orders', permission: 'orders.read', method: 'GET', url: () => '/api/order/orders' },
  {
    name: 'order history',
    permission: 'orders.read',
    method: 'GET',
    url: (id) => `/api/order/orders/${id}/history`,
  },
  {
    name: 'replace products',
    permission: 'orders.write',
    method: 'PUT',
    url: (id) => `/api/order/orders/${id}/products`,
    body: sampleProducts,
  },
  {
    name: 'refund',
    permission: 'orders.write',
    method: 'POST',
    url: (id) => `/api/order/orders/${id}/refunds`,
    body: { amount: 1, reason: 'Возврат' },
  },
  {
    name: 'list refunds',
    permission: 'orders.read',
    method: 'GET',
    url: (id) => `/api/order/orders/${id}/refunds`,
  },
  {
    name: 'cancel an order',
    permission: 'orders.write',
    method: 'POST',
    url: (id) => `/api/order/orders/${id}/cancel`,
    body: { reason: 'Передумали' },
  },
  {
    name: 'export CSV',
    permission: 'orders.export',
    method: 'GET',
    url: () => '/api/order/orders/export.csv',
  },
  { name: 'event log', permission: 'orders.read', method: 'GET', url: () => '/api/order/events' },
  { name: 'statistics', permission: 'orders.read', method: 'GET', url: () => '/api/stats' },
  { name: 'read settings', permission: 'orders.read', method: 'GET', url: () => '/api/shop/settings' },
  {
    name: 'change settings',
    permission: 'integration.manage',
    method: 'PUT',
    url: () => '/api/shop/settings',
    body: { widget_origins: [] },
  },
  {
    name: 'webhook deliveries',
    permission: 'integration.manage',
    method: 'GET',
    url: () => '/api/webhooks/deliveries',
  },
  {
    name: 'webhook health',
    permission: 'integration.manage',
    method: 'GET',
    url: () => '/api/webhooks/health',
  },
  {
    name: 'retry a delivery',
    permission: 'integration.manage',
    method: 'POST',
    url: () => '/api/webhooks/deliveries/00000000-0000-4000-8000-000000000000/retry',
    body: {},
  },
  {
    name: 'send a waiting delivery now',
    permission: 'integration.manage',
    method: 'POST',
    url: () => '/api/webhooks/deliveries/00000000-0000-4000-8000-000000000000/send-now',
  },
  {
    name: 'resend failed webhooks',
    permission: 'integration.manage',
    method: 'POST',
    url: () => '/api/webhooks/deliveries/resend',
    body: { since: '2026-11-20T00:00:00+03:00' },
  },
  {
    name: 'test webhook',
    permission: 'integration.manage',
    method: 'POST',
    url: () => '/api/webhooks/test',
    body: {},
  },
  {
    name: 'list webhook endpoints',
    permission: 'integration.manage',
    method: 'GET',
    url: () => '/api/webhooks/endpoints',
  },
  {
    name: 'add a webhook endpoint',
    permission: 'integration.manage',
    method: 'POST',
    url: () => '/api/webhooks/endpoints',
    body: { url: 'https://hooks.example.ru/roles' },
  },
  {
    name: 'change a webhook endpoint',
    permission: 'integration.manage',
    method: 'PATCH',
    url: () => '/api/webhooks/endpoints/00000000-0000-4000-8000-000000000000',
    body: { disabled: true },
  },
  {
    name: 'delete a webhook endpoint',
    permission: 'integration.manage',
    method: 'DELETE',
    url: () => '/api/webhooks/endpoints/00000000-0000-4000-8000-000000000000',
  },
  {
    name: "rotate a webhook endpoint's secret",
    permission: 'integration.manage',
    method: 'POST',
    url: () => '/api/webhooks/endpoints/00000000-0000-4000-8000-000000000000/secret/rotate',
    body: {},
  },
  {
    name: 'rotate a key',
    permission: 'keys.manage',
    method: 'POST',
    url: () => '/api/shop/keys/rotate',
    body: { kind: 'publishable' },
  },
];

describeApi('cabinet roles on every shop operation', (t) => {
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  const sessions = {} as Record<CabinetRole, Login>;

  beforeAll(async () => {
    owner = await registerOwner(t, 'roles-owner@shop.example');
    sessions.owner = owner;
    for (const role of CABINET_ROLES) {
      if (role !== 'owner') sessions[role] = await addMember(t, owner.shopId, `${role}@shop.example`, role);
    }
  });

  const newOrder = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: { authorization: `Bearer ${owner.secretKey}` },
      payload: { products: sampleProducts },
    });
    return res.json().id as string;
  };

  for (const op of OPERATIONS) {
    for (const role of CABINET_ROLES) {
      const allowed = can(role, op.permission);
      it(`${role} ${allowed ? 'may' : 'may not'} ${op.name}`, async () => {
        const orderId = await newOrder();
        const res = await t.app.inject({
          method: op.method,
          url: op.url(orderId),
          headers: sessions[role].on(owner.shopId),
          ...(op.body ? { payload: op.body } : {}),
        });
        if (allowed) {
          // Past the authenticator: a 400 here is the operation's own rule (no webhook address yet); the
          // bodies pass validation, which the refused roles' 403s prove (validation runs first).
          expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, res.body).toBe(403);
          expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', message: CABINET_MESSAGES.forbidden });
        }
      });
    }
  }

  it('a key keeps its full rights: every operation passes with the secret key', async () => {
    for (const op of OPERATIONS) {
      const orderId = await newOrder();
      const res = await t.app.inject({
        method: op.method,
        url: op.url(orderId),
        headers: { authorization: `Bearer ${owner.secretKey}` },
        ...(op.body ? { payload: op.body } : {}),
      });
      expect([401, 403], `${op.name}: ${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
    }
  });
});
