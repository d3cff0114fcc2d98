import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, newShop, startTestApp, type TestApp } from '../../../apps/api/test/support/test-app';
import { B2BPay } from '../src/index';
import { run, startProcess } from './processes';
import { checkQuickstartOutput } from './quickstart-output';
import { startScriptedServer } from './scripted-server';

/**
 * A new project outside the repository installs the packed @b2bpay/sdk and runs the
 * README's two examples as printed against the API — create, read and list orders, change one,
 * read the event log, receive and verify real webhooks — and the SDK's Idempotency-Key and retries
 * hold against the real server (a lost answer creates no second order; a 429's Retry-After is kept).
 */

const SDK_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = path.join(SDK_DIR, '../..');
const TSC = path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const EXAMPLES = ['quickstart.mjs', 'webhook-receiver.mjs'];

let project = '';

beforeAll(async () => {
  project = mkdtempSync(path.join(tmpdir(), 'b2bpay-sdk-project-'));
  // `npm pack` builds dist/ (prepack) and writes the tarball a shop would install.
  const packed = await run(npm, ['pack', '--json', '--pack-destination', project], { cwd: SDK_DIR });
  expect(packed.code, packed.stderr).toBe(0);
  const [{ filename, files }] = JSON.parse(packed.stdout) as [
    { filename: string; files: { path: string }[] },
  ];
  const shipped = files.map((f) => f.path);
  expect(shipped).toEqual(
    expect.arrayContaining([
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cjs/index.js',
      'dist/cjs/index.d.ts',
      'dist/cjs/package.json',
      'README.md',
    ]),
  );
  expect(shipped.filter((f) => f.startsWith('test/') || f.startsWith('src/'))).toEqual([]);

  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'shop-backend', private: true, type: 'module' }),
  );
  // The SDK's one dependency comes from npm's cache when it is there (npm ci filled it), else the registry.
  const installed = await run(
    npm,
    ['install', '--prefer-offline', '--no-audit', '--no-fund', `./${path.basename(filename)}`],
    { cwd: project },
  );
  expect(installed.code, installed.stderr).toBe(0);
  for (const name of EXAMPLES) copyFileSync(path.join(SDK_DIR, 'examples', name), path.join(project, name));
}, 240_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('the packed @b2bpay/sdk in a project outside the repository', () => {
  it('is what the README prints: both examples appear in it verbatim', () => {
    const readme = readFileSync(path.join(SDK_DIR, 'README.md'), 'utf8');
    for (const name of EXAMPLES) {
      expect(readme, name).toContain(readFileSync(path.join(SDK_DIR, 'examples', name), 'utf8'));
    }
  });

  it('type-checks a TypeScript file that uses it (its declarations resolve from dist/)', async () => {
    writeFileSync(
      path.join(project, 'typed.ts'),
      `import {
  type AcceptedOffer,
  B2BPay,
  type Offer,
  type Order,
  verifyWebhook,
  type WebhookEvent,
  type WebhookPayload,
} from '@b2bpay/sdk';
const client = new B2BPay({ apiKey: 'sk_x', baseUrl: 'http://localhost:3000' });
export const order: Promise<Order> = client.createOrder({ products: [{ name: 'A', price: 1, quantity: 1 }] });
export const status: Promise<string> = client.getOrder('x').then((o) => o.status);
export const event: WebhookPayload = verifyWebhook('{}', {}, 'whsec_x');
// Events are a union discriminated by \`event\`: after the check the type's own fields are there.
export const refunded = (e: WebhookPayload): number => (e.event === 'order.refund.created' ? e.refund.amount : 0);
export const paidBy = (e: WebhookEvent): string | null =>
  e.event === 'order.payment.completed' ? (e.payout?.bank ?? null) : null;
// The banks' offers while approved, and the one the buyer signed (the bank pays after it).
export const offered = (o: Order): Offer[] => o.offers ?? [];
export const signed = (o: Order): AcceptedOffer | null => o.accepted_offer ?? null;
export const buyerFee = (o: Order): number | null => signed(o)?.fee ?? null;
// @ts-expect-error: quantity is required
client.createOrder({ products: [{ name: 'A', price: 1 }] });
`,
    );
    const checked = await run(
      process.execPath,
      [
        TSC,
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--target',
        'es2022',
        '--lib',
        'es2022,dom',
        'typed.ts',
      ],
      { cwd: project },
    );
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
  });
});

describe('the packed @b2bpay/sdk from CommonJS', () => {
  it('loads with require() and verifies a webhook, as in an Express app without "type": "module"', async () => {
    writeFileSync(
      path.join(project, 'legacy.cjs'),
      `const { B2BPay, verifyWebhook, WebhookVerificationError } = require('@b2bpay/sdk');
const client = new B2BPay({ apiKey: 'sk_x', baseUrl: 'http://localhost:3000' });
let refused = '';
try {
  verifyWebhook({ event: 'order.created' }, {}, 'whsec_x');
} catch (error) {
  refused = error instanceof WebhookVerificationError ? 'WebhookVerificationError' : String(error);
}
console.log(JSON.stringify({ client: typeof client.createOrder, listAll: typeof client.listAllOrders, refused }));
`,
    );
    const loaded = await run(process.execPath, ['legacy.cjs'], { cwd: project });
    expect(loaded.code, loaded.stderr).toBe(0);
    expect(JSON.parse(loaded.stdout)).toEqual({
      client: 'function',
      listAll: 'function',
      refused: 'WebhookVerificationError',
    });
  });
});

describe.each(DB_KINDS)('@b2bpay/sdk against the API on %s', (kind) => {
  let t: TestApp;
  let base = '';

  beforeAll(async () => {
    t = await startTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TESTS_PER_MINUTE: '1' });
    // Webhook timestamps come from the app's clock; receivers accept 5 minutes around their own.
    t.clock.set(new Date());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    t.worker.start();
  });

  afterAll(async () => {
    await t?.worker.stop();
    await t?.close();
  });

  it('runs the README examples: orders, the event log, and webhooks verified by the receiver', async () => {
    const shop = await newShop(t, 'Магазин SDK');
    const receiver = startProcess(process.execPath, ['webhook-receiver.mjs'], {
      cwd: project,
      env: { PORT: '0', B2BPAY_WEBHOOK_SECRET: shop.webhook_secret },
    });
    try {
      const [, receiverUrl = ''] = await receiver.line(/^listening (http:\/\/\S+)$/);
      const ran = await run(process.execPath, ['quickstart.mjs'], {
        cwd: project,
        env: { B2BPAY_BASE_URL: base, B2BPAY_API_KEY: shop.secret_key, B2BPAY_WEBHOOK_URL: receiverUrl },
      });
      expect(ran.code, ran.stderr).toBe(0);
      const { eventId, testEventId } = await checkQuickstartOutput(ran.stdout, t, shop.secret_key);

      // Both webhooks reached the receiver, which verified their signatures with verifyWebhook.
      await receiver.line(new RegExp(`^verified webhook\\.test ${testEventId}$`));
      await receiver.line(new RegExp(`^verified order\\.products\\.updated ${eventId}$`));
      const forged = await fetch(receiverUrl, {
        method: 'POST',
        headers: {
          'webhook-id': eventId,
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl',
        },
        body: '{"event":"order.status.changed"}',
      });
      expect(forged.status).toBe(400);
      await receiver.line(/^rejected No matching signature found$/);
    } finally {
      await receiver.stop();
    }
  });

  it('repeats a createOrder whose answer was lost with the same key: the API creates one order', async () => {
    const shop = await newShop(t, 'Магазин с обрывами');
    // A proxy that passes the first request on to the API and then drops the connection unanswered.
    const keys: string[] = [];
    const proxy = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      keys.push(String(req.headers['idempotency-key']));
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
      ) as Record<string, string>;
      const answer = await fetch(`${base}${req.url}`, {
        method: req.method ?? 'GET',
        headers,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
      const text = await answer.text();
      if (keys.length === 1) {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    try {
      const waits: number[] = [];
      const client = new B2BPay({
        apiKey: shop.secret_key,
        baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      const order = await client.createOrder({
        products: [{ name: 'Скрепки', price: 0.1, quantity: 3 }],
        external_id: 'LOST-ANSWER-1',
      });
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(waits).toEqual([500]);
      expect(order).toMatchObject({ amount: 0.3, external_id: 'LOST-ANSWER-1' });
      const direct = new B2BPay({ apiKey: shop.secret_key, baseUrl: base });
      const listed = await direct.listOrders({ external_id: 'LOST-ANSWER-1' });
      expect(listed.items.map((o) => o.id)).toEqual([order.id]);
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((done) => proxy.close(() => done()));
    }
  });

  it('manages webhook endpoints: create (secret once), list, retrieve, update, rotateSecret, delete', async () => {
    const shop = await newShop(t, 'Магазин с адресами SDK');
    const client = new B2BPay({ apiKey: shop.secret_key, baseUrl: base });
    const created = await client.webhookEndpoints.create({
      url: 'https://hooks.example.ru/erp',
      enabled_events: ['order.created', 'order.payment.completed'],
    });
    expect(created.secret).toMatch(/^whsec_/);
    expect(created).toMatchObject({ status: 'enabled', livemode: true, legacy: false });
    const listed = await client.webhookEndpoints.list({ limit: 10 });
    expect(listed.items.map((e) => e.id)).toEqual([created.id]);
    expect(await client.webhookEndpoints.retrieve(created.id)).not.toHaveProperty('secret');
    const updated = await client.webhookEndpoints.update(created.id, {
      enabled_events: ['*'],
      disabled: true,
    });
    expect(updated).toMatchObject({ enabled_events: ['*'], status: 'disabled' });
    const rotated = await client.webhookEndpoints.rotateSecret(created.id, { expire_old_in_seconds: 60 });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    await expect(
      client.webhookEndpoints.create({
        url: 'https://hooks.example.ru/x',
        enabled_events: ['order.nope' as never],
      }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await client.webhookEndpoints.delete(created.id)).toEqual({ id: created.id, deleted: true });
    await expect(client.webhookEndpoints.retrieve(created.id)).rejects.toMatchObject({ status: 404 });
  });

  it("waits out a real 429's Retry-After and repeats: the API's test-webhook limit", async () => {
    const shop = await newShop(t, 'Магазин с лимитом');
    const hook = await startScriptedServer([{ status: 204 }, { status: 204 }]);
    const waits: number[] = [];
    // The wait moves the app's clock instead of passing real time.
    const client = new B2BPay({
      apiKey: shop.secret_key,
      baseUrl: base,
      sleep: async (ms) => {
        waits.push(ms);
        t.clock.advance(ms);
      },
    });
    try {
      const first = await client.sendTestWebhook({ url: `${hook.url}/hook` });
      const second = await client.sendTestWebhook({ url: `${hook.url}/hook` });
      expect(waits).toEqual([60_000]);
      expect(second.event_id).not.toBe(first.event_id);
      const deliveries = await client.listWebhookDeliveries();
      expect(deliveries.items.map((d) => d.event_id).sort()).toEqual(
        [first.event_id, second.event_id].sort(),
      );
    } finally {
      await hook.close();
    }
  });
});
