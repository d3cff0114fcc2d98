import { expect, it } from 'vitest';
import { sha256Hex } from '../src/shared/crypto';
import { describeApi } from './support/describe-api';
import { demoAuth, errorOf, sampleProducts } from './support/test-app';

describeApi('Idempotency-Key', (t) => {
  const post = (key: string, payload: object = { products: sampleProducts }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: { ...demoAuth, 'idempotency-key': key },
      payload,
    });
  const countOrders = async () =>
    Number((await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM orders'))[0]?.n);

  it('10 parallel identical POSTs with one key create exactly one order', async () => {
    const before = await countOrders();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('parallel-1')));
    expect(await countOrders()).toBe(before + 1);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((a) => a.json().id)).size).toBe(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(errorOf(a).code).toBe('IDEMPOTENCY_KEY_IN_USE');
    }
  });

  it('replays the first answer for the same key and body', async () => {
    const first = await post('replay-1');
    const again = await post('replay-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('replays the first answer for a repeat carrying an external_id, and 409s another key with it', async () => {
    // An SDK repeats a create whose answer was lost: its own order must not count as the duplicate.
    const body = { products: sampleProducts, external_id: 'REPLAY-EXT-1' };
    const first = await post('replay-ext-1', body);
    expect(first.statusCode).toBe(200);
    const before = await countOrders();
    const again = await post('replay-ext-1', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await post('replay-ext-2', body);
    expect(other.statusCode).toBe(409);
    expect(errorOf(other)).toMatchObject({ code: 'DUPLICATE_EXTERNAL_ID', order_id: first.json().id });
    expect(await countOrders()).toBe(before);
    // The refused key was not kept: with a free external_id it creates an order.
    const freed = await post('replay-ext-2', { ...body, external_id: 'REPLAY-EXT-2' });
    expect(freed.statusCode).toBe(200);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    await post('other-body');
    const before = await countOrders();
    const res = await post('other-body', { products: [{ name: 'Другое', price: 1, quantity: 1 }] });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'Idempotency-Key' });
    expect(await countOrders()).toBe(before);
  });

  it('forgets a key after 24 hours', async () => {
    const first = await post('day-old');
    t.clock.advance(24 * 3_600_000 + 1000);
    const later = await post('day-old');
    expect(later.statusCode).toBe(200);
    expect(later.json().id).not.toBe(first.json().id);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    await t.db.query(
      "INSERT INTO idempotency_keys (shop_id, key, request_hash, state, created_at) SELECT id, 'running-1', $2, 'running', $1 FROM shops WHERE is_demo",
      [t.clock.now(), sha256Hex(JSON.stringify({ products: sampleProducts }))],
    );
    const res = await post('running-1');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', field: 'Idempotency-Key' });
  });

  it('does not keep a key whose request failed validation or work', async () => {
    const bad = await post('bad-first', { products: [] });
    expect(bad.statusCode).toBe(400);
    const good = await post('bad-first');
    expect(good.statusCode).toBe(200);
  });

  it('refuses a malformed key', async () => {
    const res = await post('with space');
    expect(res.statusCode).toBe(400);
  });
});
