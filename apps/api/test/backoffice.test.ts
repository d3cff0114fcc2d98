import { DEMO_SHOP, STAFF_MESSAGES } from '@b2bpay/domain';
import { beforeAll, expect, it } from 'vitest';
import type { BankCredentials } from '../src/modules/banks';
import { runRetention } from '../src/modules/retention';
import { approve, bankCall, reject, seedBanks } from './support/banks';
import { patchClient, prepareSubmission } from './support/buyer';
import { KNOWN_INN, lastLetter, loginAs, PASSWORD, registerOwner } from './support/cabinet';
import { describeApi } from './support/describe-api';
import { staffSession, staffSessionOf } from './support/staff';
import { createOrder, errorOf } from './support/test-app';

describeApi('the back office (DESIGN §14)', { env: { SALES_EMAIL: 'sales@b2bpay.ru' } }, (t) => {
  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: `/api/admin/v1${url}`, headers, ...(payload ? { payload } : {}) });

  it('sets a password by the CLI link once, logs in and out on its own cookie', async () => {
    const { createStaff } = await import('../src/modules/backoffice');
    const made = await createStaff(t, { email: 'anna@b2bpay.ru', role: 'sales' }, t.clock.now());
    expect(made.set_password_link).toMatch(
      /^http:\/\/b2bpay\.test\/admin\/set-password\?token=[A-Za-z0-9]+$/,
    );
    const token = new URL(made.set_password_link).searchParams.get('token');
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/password',
      payload: { token, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/password',
      payload: { token, password: PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().user).toMatchObject({ email: 'anna@b2bpay.ru', role: 'sales' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/password',
      payload: { token, password: PASSWORD },
    });
    expect(errorOf(again).code).toBe('LINK_EXPIRED');

    const wrong = await call(
      'POST',
      '/login',
      {},
      { email: 'anna@b2bpay.ru', password: 'не-тот-пароль-совсем' },
    );
    expect(wrong.statusCode).toBe(401);
    const unknown = await call('POST', '/login', {}, { email: 'nobody@b2bpay.ru', password: PASSWORD });
    expect(errorOf(unknown).message).toBe(errorOf(wrong).message);
    const login = await call('POST', '/login', {}, { email: 'anna@b2bpay.ru', password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const session = staffSessionOf(login, 'anna@b2bpay.ru');
    expect((await call('GET', '/me', session.headers(false))).json().user.role).toBe('sales');
    expect((await call('POST', '/logout', session.headers())).statusCode).toBe(204);
    expect((await call('GET', '/me', session.headers(false))).statusCode).toBe(401);
  });

  it('keeps the two sessions apart: staff never opens the shop API, a shop user never the back office', async () => {
    const admin = await staffSession(t, 'admin');
    const shopApi = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: { ...admin.headers(false), 'x-shop-id': DEMO_SHOP.id },
    });
    expect(shopApi.statusCode).toBe(401);
    const owner = await registerOwner(t, 'owner-apart@shop.ru');
    // A shop that signed up by itself is found by its company's INN, its name or e-mail.
    for (const q of [KNOWN_INN, 'OWNER-APART@shop', 'газпромбанк']) {
      const found = (await call('GET', `/shops?q=${encodeURIComponent(q)}`, admin.headers(false))).json()
        .items;
      expect(
        found.map((s: { id: string }) => s.id),
        q,
      ).toContain(owner.shopId);
    }
    const backOffice = await call('GET', '/leads', owner.cookie);
    expect(backOffice.statusCode).toBe(401);
    expect(errorOf(backOffice).message).toBe(STAFF_MESSAGES.sessionRequired);
  });

  it('takes a landing enquiry to the leads, with a letter to sales, and moves it by the rules', async () => {
    const sales = await staffSession(t, 'sales');
    const enquiry = await t.app.inject({
      method: 'POST',
      url: '/api/shop/enquire',
      payload: { name: 'Иван Лидов', phone: '+7 916 555-44-33' },
    });
    expect(enquiry.statusCode, enquiry.body).toBe(200);
    const letter = await lastLetter(t, 'sales@b2bpay.ru');
    expect(letter.subject).toContain('Иван Лидов');
    const list = (await call('GET', '/leads?status=new', sales.headers(false))).json().items as {
      id: number;
      name: string;
    }[];
    const lead = list.find((l) => l.name === 'Иван Лидов');
    if (!lead) throw new Error('lead not listed');

    const noCsrf = await call('PATCH', `/leads/${lead.id}`, sales.headers(false), { status: 'in_progress' });
    expect(errorOf(noCsrf).code).toBe('CSRF_FAILED');
    const skip = await call('PATCH', `/leads/${lead.id}`, sales.headers(), { status: 'won' });
    expect(skip.statusCode).toBe(409);
    expect(errorOf(skip).code).toBe('LEAD_STATUS_CONFLICT');
    const taken = await call('PATCH', `/leads/${lead.id}`, sales.headers(), {
      status: 'in_progress',
      owner: sales.email,
      note: 'Позвонил, ждут договор',
    });
    expect(taken.json()).toMatchObject({ status: 'in_progress', owner: sales.email });
    expect(taken.json().notes[0]).toMatchObject({ text: 'Позвонил, ждут договор', author: sales.email });
    const won = await call('PATCH', `/leads/${lead.id}`, sales.headers(), { status: 'won' });
    expect(won.json().status).toBe('won');

    const shop = await call('POST', '/shops', sales.headers(), {
      name: 'ООО «Из лида»',
      email: 'owner@lead-shop.ru',
      inn: '7707083893',
      lead_id: lead.id,
    });
    expect(shop.statusCode, shop.body).toBe(200);
    expect(shop.json()).toMatchObject({
      shop: { name: 'ООО «Из лида»', inn: '7707083893' },
      invitation_sent_to: 'owner@lead-shop.ru',
    });
    const invitation = await lastLetter(t, 'owner@lead-shop.ru');
    expect(invitation.body).toContain('/cabinet/invite?token=');
    const after = (await call('GET', '/leads', sales.headers(false)))
      .json()
      .items.find((l: { id: number }) => l.id === lead.id);
    expect(after.shop_id).toBe(shop.json().shop.id);
    // The owner accepts the invitation and lands in the new shop as its owner.
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/invitations/accept',
      payload: { token: invitation.token, name: 'Ольга Владелец', password: PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().shops).toEqual([
      expect.objectContaining({ id: shop.json().shop.id, role: 'owner' }),
    ]);
  });

  it('suspends a shop: its key and its sessions get 403 SHOP_SUSPENDED, its buyers go on, the owner is told', async () => {
    const risk = await staffSession(t, 'risk');
    const owner = await registerOwner(t, 'owner-suspended@shop.ru');
    const order = await createOrder(t, undefined, { authorization: `Bearer ${owner.secretKey}` });
    const suspended = await call('POST', `/shops/${owner.shopId}/suspend`, risk.headers(), {
      reason: 'Жалобы покупателей',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({
      suspended: true,
      suspension: { reason: 'Жалобы покупателей', by: risk.email },
    });

    const byKey = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: { authorization: `Bearer ${owner.secretKey}` },
    });
    expect(byKey.statusCode).toBe(403);
    expect(errorOf(byKey)).toMatchObject({ code: 'SHOP_SUSPENDED', message: STAFF_MESSAGES.shopSuspended });
    const session = await loginAs(t, 'owner-suspended@shop.ru');
    const bySession = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: session.on(owner.shopId),
    });
    expect(errorOf(bySession).code).toBe('SHOP_SUSPENDED');
    const team = await t.app.inject({
      method: 'GET',
      url: `/api/cabinet/shops/${owner.shopId}/members`,
      headers: session.cookie,
    });
    expect(errorOf(team).code).toBe('SHOP_SUSPENDED');
    // The buyer's link takes no key: it still opens.
    expect((await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}` })).statusCode).toBe(
      200,
    );
    expect((await lastLetter(t, 'owner-suspended@shop.ru')).subject).toContain('приостановлена');

    const resumed = await call('POST', `/shops/${owner.shopId}/resume`, risk.headers());
    expect(resumed.json().suspended).toBe(false);
    const back = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: { authorization: `Bearer ${owner.secretKey}` },
    });
    expect(back.statusCode).toBe(200);
  });

  it('shows support the order with the buyer masked, risk with the buyer in full', async () => {
    const order = await createOrder(t, {
      products: [{ name: 'Бумага', price: 100, quantity: 1 }],
      client: { email: 'buyer.full@firm.ru', phone_number: '+79161234567', surname: 'Петров', name: 'Пётр' },
    });
    const support = await staffSession(t, 'support');
    const risk = await staffSession(t, 'risk');
    const masked = (await call('GET', `/orders/${order.id}`, support.headers(false))).json();
    expect(masked.client).toMatchObject({
      email: 'b***@firm.ru',
      phone_number: '+7 *** ***-**-67',
      surname: 'П***',
    });
    const full = (await call('GET', `/orders/${order.id}`, risk.headers(false))).json();
    expect(full.client).toMatchObject({
      email: 'buyer.full@firm.ru',
      phone_number: '+79161234567',
      surname: 'Петров',
    });
    expect((await call('GET', '/orders/not-an-id', risk.headers(false))).statusCode).toBe(404);
  });

  it("shows the banks' applications, decision times and SLA breaches, and their deliveries; disables a bank", async () => {
    // A ten-minute SLA: ural's silence is a breach without days passing (sessions idle out after 12 h).
    const banks = await seedBanks(t, undefined, 600);
    const risk = await staffSession(t, 'risk');
    const order = await createOrder(t);
    const { body } = await prepareSubmission(t, order.id, { phone: '+79265550177', email: 'stats@buyer.ru' });
    expect((await patchClient(t, order.id, body)).statusCode).toBe(200);
    await t.worker.drain(); // the applications' messages are made
    await t.worker.drain(); // and sent to the closed port: they fail and wait for their retry
    t.clock.advance(60_000);
    await approve(t, banks.sever as BankCredentials, order.id);
    t.clock.advance(60_000);
    await reject(t, banks.volga as BankCredentials, order.id);
    t.clock.advance(10 * 60_000);
    await t.worker.drain(); // ural expires
    const stats = (await call('GET', `/applications?bank=ural`, risk.headers(false))).json();
    expect(
      stats.items.map((a: { order_id: string; status: string }) => [a.order_id, a.status]),
    ).toContainEqual([order.id, 'expired']);
    const byBank = Object.fromEntries(stats.banks.map((b: { bank: string }) => [b.bank, b]));
    expect(byBank.sever).toMatchObject({ decided: 1, median_seconds: 60, p90_seconds: 60, sla_breaches: 0 });
    expect(byBank.volga).toMatchObject({ decided: 1, median_seconds: 120 });
    expect(byBank.ural).toMatchObject({ decided: 0, median_seconds: null, sla_breaches: 1 });

    const health = (await call('GET', '/banks', risk.headers(false))).json().items as {
      id: string;
      failing: number;
      last_error: string | null;
    }[];
    // Every bank's application.created waits on a closed port, retried.
    for (const bank of health.filter((b) => ['sever', 'volga', 'ural'].includes(b.id))) {
      expect(bank, bank.id).toMatchObject({ pending: 1, failing: 1, failed: 0, last_delivered_at: null });
      expect(bank.last_error).toContain('ECONNREFUSED');
    }
    const disabled = await call('POST', '/banks/volga/disable', risk.headers());
    expect(disabled.json().items.find((b: { id: string }) => b.id === 'volga').enabled).toBe(false);
    expect((await bankCall(t, banks.volga as BankCredentials, 'GET', '/applications')).statusCode).toBe(401);
    await call('POST', '/banks/volga/enable', risk.headers());
    expect((await bankCall(t, banks.volga as BankCredentials, 'GET', '/applications')).statusCode).toBe(200);
  });

  it('records every staff action in the audit log, for admins only', async () => {
    const admin = await staffSession(t, 'admin');
    const log = await call('GET', '/audit?limit=100', admin.headers(false));
    expect(log.statusCode).toBe(200);
    const actions = (log.json().items as { action: string }[]).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'staff.password_set',
        'lead.updated',
        'shop.created',
        'shop.suspended',
        'shop.resumed',
        'order.viewed',
      ]),
    );
    // Pages forward and back with the list cursors.
    const all = (log.json().items as { id: string }[]).map((e) => e.id);
    const page = async (query: string) => {
      const res = await call('GET', `/audit${query}`, admin.headers(false));
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { id: string }[]; has_more: boolean };
    };
    const second = await page(`?limit=2&starting_after=${all[1]}`);
    expect(second.items.map((e) => e.id)).toEqual(all.slice(2, 4));
    const first = await page(`?limit=2&ending_before=${all[2]}`);
    expect(first.items.map((e) => e.id)).toEqual(all.slice(0, 2));
    expect(first.has_more).toBe(false);
    const unknown = await call(
      'GET',
      '/audit?ending_before=00000000-0000-4000-8000-000000000000',
      admin.headers(false),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.field).toBe('ending_before');
  });

  describeRoles();

  // Last: it moves the clock past every session's end.
  it('lets the retention sweep take the staff sessions that ended', async () => {
    await staffSession(t, 'support');
    t.clock.advance(31 * 86_400_000);
    const deleted = await runRetention({ config: t.config, db: t.db, clock: t.clock });
    expect(deleted.staff_sessions).toBeGreaterThan(0);
    const left = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_sessions');
    expect(Number(left[0]?.n)).toBe(0);
  });

  function describeRoles() {
    // Every endpoint against every role: allowed (not 403) or 403 «Недостаточно прав».
    const matrix: { method: 'GET' | 'POST' | 'PATCH'; url: string; body?: object; allowed: string[] }[] = [
      { method: 'GET', url: '/leads', allowed: ['admin', 'sales'] },
      { method: 'PATCH', url: '/leads/999999', body: { note: 'x' }, allowed: ['admin', 'sales'] },
      { method: 'GET', url: '/shops', allowed: ['admin', 'risk', 'support'] },
      {
        method: 'POST',
        url: '/shops',
        body: { name: 'X', email: 'x@x.ru', inn: '123' },
        allowed: ['admin', 'sales'],
      },
      { method: 'GET', url: `/shops/${DEMO_SHOP.id}`, allowed: ['admin', 'risk', 'support'] },
      {
        method: 'POST',
        url: '/shops/00000000-0000-4000-8000-000000000000/suspend',
        body: { reason: 'x' },
        allowed: ['admin', 'risk'],
      },
      {
        method: 'POST',
        url: '/shops/00000000-0000-4000-8000-000000000000/resume',
        allowed: ['admin', 'risk'],
      },
      {
        method: 'GET',
        url: '/orders/00000000-0000-4000-8000-000000000000',
        allowed: ['admin', 'risk', 'support'],
      },
      { method: 'GET', url: '/applications', allowed: ['admin', 'risk'] },
      { method: 'GET', url: '/banks', allowed: ['admin', 'risk'] },
      { method: 'POST', url: '/banks/nobank/enable', allowed: ['admin', 'risk'] },
      { method: 'POST', url: '/banks/nobank/disable', allowed: ['admin', 'risk'] },
      { method: 'GET', url: '/audit', allowed: ['admin'] },
      { method: 'GET', url: '/me', allowed: ['admin', 'sales', 'risk', 'support'] },
    ];
    const sessions: Record<string, Awaited<ReturnType<typeof staffSession>>> = {};
    beforeAll(async () => {
      for (const role of ['admin', 'sales', 'risk', 'support'] as const)
        sessions[role] = await staffSession(t, role);
    });
    for (const row of matrix) {
      it(`${row.method} ${row.url}: ${row.allowed.join(', ')} only`, async () => {
        for (const role of ['admin', 'sales', 'risk', 'support']) {
          const s = sessions[role];
          if (!s) throw new Error('no session');
          const res = await call(row.method, row.url, s.headers(row.method !== 'GET'), row.body);
          if (row.allowed.includes(role)) expect(res.statusCode, `${role}: ${res.body}`).not.toBe(403);
          else {
            expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
            expect(errorOf(res).message).toBe(STAFF_MESSAGES.forbidden);
          }
        }
        const anonymous = await call(row.method, row.url, {}, row.body);
        expect(anonymous.statusCode).toBe(401);
      });
    }
  }
});
