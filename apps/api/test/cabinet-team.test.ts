import { CABINET_MESSAGES } from '@b2bpay/domain';
import { beforeAll, expect, it } from 'vitest';
import { addMember, lastLetter, loginAs, PASSWORD, registerOwner, sessionOf } from './support/cabinet';
import { describeApi } from './support/describe-api';
import { errorOf } from './support/test-app';

const DAY = 86_400_000;

describeApi('cabinet team: invitations, roles, the last owner, removal', (t) => {
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  const base = () => `/api/cabinet/shops/${owner.shopId}`;
  const invite = (headers: Record<string, string>, email: string, role: string) =>
    t.app.inject({ method: 'POST', url: `${base()}/invitations`, headers, payload: { email, role } });
  const unsafe = (login: { cookie: { cookie: string }; csrf: string }) => ({
    ...login.cookie,
    'x-csrf-token': login.csrf,
  });
  const team = async () =>
    (await t.app.inject({ method: 'GET', url: `${base()}/members`, headers: owner.cookie })).json();

  beforeAll(async () => {
    owner = await registerOwner(t, 'team-owner@shop.example', 'Ольга Владелец');
  });

  it('invites a new address: letter, preview, accept with name and password, logged in with the role', async () => {
    const res = await invite(unsafe(owner), 'Manager@Shop.example', 'manager');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'manager@shop.example', role: 'manager' });
    expect((await team()).invitations.map((i: { email: string }) => i.email)).toContain(
      'manager@shop.example',
    );
    const letter = await lastLetter(t, 'manager@shop.example');
    expect(letter.kind).toBe('cabinet_invitation');
    expect(letter.body).toContain('http://b2bpay.test/cabinet/invite?token=');
    expect(letter.body).toContain('«Менеджер»');

    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/invitations/preview',
      payload: { token: letter.token },
    });
    expect(preview.json()).toMatchObject({
      email: 'manager@shop.example',
      shop: { id: owner.shopId },
      role: 'manager',
      account_exists: false,
    });
    const noPassword = await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/invitations/accept',
      payload: { token: letter.token, name: 'Пётр' },
    });
    expect(noPassword.statusCode).toBe(400);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/invitations/accept',
      payload: { token: letter.token, name: 'Пётр', password: PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().shops).toEqual([
      { id: owner.shopId, name: expect.any(String), role: 'manager', test_shop_id: expect.any(String) },
    ]);
    const manager = sessionOf(accepted);
    // The manager works with orders, and not with the team.
    const orders = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: { ...manager.cookie, 'x-shop-id': owner.shopId },
    });
    expect(orders.statusCode).toBe(200);
    const refused = await invite(unsafe(manager), 'x@shop.example', 'accountant');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(CABINET_MESSAGES.forbidden);
    // The link was single-use.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/invitations/accept',
      payload: { token: letter.token, name: 'Пётр', password: PASSWORD },
    });
    expect(again.statusCode).toBe(410);
    expect(
      (await team()).members.map((m: { email: string; role: string }) => `${m.email}:${m.role}`),
    ).toEqual(['team-owner@shop.example:owner', 'manager@shop.example:manager']);
  });

  it('an existing account accepts with its password, or with its own session', async () => {
    const other = await registerOwner(t, 'other-owner@shop.example');
    await invite(unsafe(owner), 'other-owner@shop.example', 'developer');
    const { token } = await lastLetter(t, 'other-owner@shop.example');
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/invitations/preview',
      payload: { token },
    });
    expect(preview.json().account_exists).toBe(true);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/invitations/accept',
      payload: { token, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    const someoneElse = await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/invitations/accept',
      headers: unsafe(owner),
      payload: { token },
    });
    expect(someoneElse.statusCode).toBe(401);
    const bySession = await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/invitations/accept',
      headers: unsafe(other),
      payload: { token },
    });
    expect(bySession.statusCode).toBe(200);
    expect(
      bySession
        .json()
        .shops.map((s: { role: string }) => s.role)
        .sort(),
    ).toEqual(['developer', 'owner']);
  });

  it('revokes an invitation', async () => {
    const created = (await invite(unsafe(owner), 'revoked@shop.example', 'manager')).json();
    const { token } = await lastLetter(t, 'revoked@shop.example');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${base()}/invitations/${created.id}`,
      headers: unsafe(owner),
    });
    expect(res.statusCode).toBe(204);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/invitations/preview',
      payload: { token },
    });
    expect(preview.statusCode).toBe(410);
  });

  it('an admin manages every role but owners', async () => {
    const admin = await addMember(t, owner.shopId, 'admin@shop.example', 'admin');
    expect((await invite(unsafe(admin), 'new-owner@shop.example', 'owner')).statusCode).toBe(403);
    expect((await invite(unsafe(admin), 'new-dev@shop.example', 'developer')).statusCode).toBe(201);
    const demoteOwner = await t.app.inject({
      method: 'PATCH',
      url: `${base()}/members/${owner.userId}`,
      headers: unsafe(admin),
      payload: { role: 'manager' },
    });
    expect(demoteOwner.statusCode).toBe(403);
    const removeOwner = await t.app.inject({
      method: 'DELETE',
      url: `${base()}/members/${owner.userId}`,
      headers: unsafe(admin),
    });
    expect(removeOwner.statusCode).toBe(403);
    const promoteSelf = await t.app.inject({
      method: 'PATCH',
      url: `${base()}/members/${admin.userId}`,
      headers: unsafe(admin),
      payload: { role: 'owner' },
    });
    expect(promoteSelf.statusCode).toBe(403);
  });

  it('the last owner can neither be demoted nor leave (409); with a second owner both work', async () => {
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `${base()}/members/${owner.userId}`,
      headers: unsafe(owner),
      payload: { role: 'admin' },
    });
    expect(demote.statusCode).toBe(409);
    expect(errorOf(demote)).toMatchObject({ code: 'LAST_OWNER', message: CABINET_MESSAGES.lastOwner });
    const leave = await t.app.inject({
      method: 'DELETE',
      url: `${base()}/members/${owner.userId}`,
      headers: unsafe(owner),
    });
    expect(leave.statusCode).toBe(409);

    const second = await addMember(t, owner.shopId, 'second-owner@shop.example', 'accountant');
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `${base()}/members/${second.userId}`,
      headers: unsafe(owner),
      payload: { role: 'owner' },
    });
    expect(promote.statusCode).toBe(200);
    expect(promote.json()).toMatchObject({ email: 'second-owner@shop.example', role: 'owner' });
    const demoteSecond = await t.app.inject({
      method: 'PATCH',
      url: `${base()}/members/${second.userId}`,
      headers: unsafe(owner),
      payload: { role: 'accountant' },
    });
    expect(demoteSecond.statusCode).toBe(200);
  });

  it('a removed member loses the shop at the next request, and all sessions end', async () => {
    const dev = await addMember(t, owner.shopId, 'removed-dev@shop.example', 'developer');
    const otherTab = await loginAs(t, 'removed-dev@shop.example');
    const read = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: '/api/shop/settings',
        headers: { ...headers, 'x-shop-id': owner.shopId },
      });
    expect((await read(dev.cookie)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${base()}/members/${dev.userId}`,
      headers: unsafe(owner),
    });
    expect(removed.statusCode).toBe(204);
    expect((await read(dev.cookie)).statusCode).toBe(401);
    expect((await read(otherTab.cookie)).statusCode).toBe(401);
    // Logging in again gives a session without the shop: 403 there.
    const back = await loginAs(t, 'removed-dev@shop.example');
    expect((await read(back.cookie)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/cabinet/me', headers: back.cookie })).json().shops,
    ).toEqual([]);
  });

  it('a member may leave by themselves', async () => {
    const acc = await addMember(t, owner.shopId, 'leaving@shop.example', 'accountant');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${base()}/members/${acc.userId}`,
      headers: { ...acc.cookie, 'x-csrf-token': acc.csrf },
    });
    expect(res.statusCode).toBe(204);
  });

  it('another shop’s team is closed to a user who is not its member', async () => {
    const stranger = await registerOwner(t, 'stranger@shop.example');
    const res = await t.app.inject({ method: 'GET', url: `${base()}/members`, headers: stranger.cookie });
    expect(res.statusCode).toBe(403);
    expect((await invite(unsafe(stranger), 'x2@shop.example', 'manager')).statusCode).toBe(403);
  });
  // Last: it moves the clock past every session's idle end.
  it('an invitation is bound to its address, ends after 10 days, and a resend replaces its link', async () => {
    const created = (await invite(unsafe(owner), 'late@shop.example', 'accountant')).json();
    const first = await lastLetter(t, 'late@shop.example');
    const resend = await t.app.inject({
      method: 'POST',
      url: `${base()}/invitations/${created.id}/resend`,
      headers: unsafe(owner),
    });
    expect(resend.statusCode).toBe(202);
    const second = await lastLetter(t, 'late@shop.example');
    expect(second.token).not.toBe(first.token);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/invitations/preview',
      payload: { token: first.token },
    });
    expect(old.statusCode).toBe(410);
    t.clock.advance(10 * DAY + 1000);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/cabinet/invitations/accept',
      payload: { token: second.token, name: 'Опоздавший', password: PASSWORD },
    });
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).code).toBe('LINK_EXPIRED');
  });
});
