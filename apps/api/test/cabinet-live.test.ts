import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOwner } from './support/cabinet';
import { DB_KINDS, startTestApp, type TestApp } from './support/test-app';

describe.each(DB_KINDS)('the live stream on a cabinet session on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // Frequent heartbeats: each one checks the stream's session and membership again.
    t = await startTestApp(kind, { LIVE_HEARTBEAT_MS: '100' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('streams to a member, and ends once the member is removed', async () => {
    const owner = await registerOwner(t, 'live-owner@shop.example');
    const member = await addMember(t, owner.shopId, 'live-manager@shop.example', 'manager');
    const res = await fetch(`${base}/api/events`, {
      headers: { ...member.cookie, 'x-shop-id': owner.shopId },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    expect((await reader.read()).done).toBe(false);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/cabinet/shops/${owner.shopId}/members/${member.userId}`,
      headers: { ...owner.cookie, 'x-csrf-token': owner.csrf },
    });
    expect(removed.statusCode).toBe(204);
    let ended = false;
    const deadline = Date.now() + 10_000;
    while (!ended && Date.now() < deadline) ended = (await reader.read()).done;
    expect(ended).toBe(true);
  });

  it('refuses a session without X-Shop-Id', async () => {
    const owner = await registerOwner(t, 'live-owner2@shop.example');
    const res = await fetch(`${base}/api/events`, { headers: owner.cookie });
    expect(res.status).toBe(400);
  });
});
