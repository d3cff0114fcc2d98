import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookHeaders } from '../../../apps/api/src/modules/webhooks/signing';
import { DB_KINDS, newShop, startTestApp, type TestApp } from '../../../apps/api/test/support/test-app';
import { run, startProcess } from '../../typescript/test/processes';
import { checkQuickstartOutput } from '../../typescript/test/quickstart-output';
import { type Reply, startScriptedServer } from '../../typescript/test/scripted-server';

/**
 * The PHP SDK, copied alone into a new project outside the repository, runs its
 * README's examples as printed against the API (orders, the event log, webhooks verified by a
 * `php -S` endpoint) on both databases; its retries, errors and webhook check are tested against a
 * scripted local server and the API's own signing code. Every script runs twice: on the system's PHP 8
 * (`php` with curl; .ci/run installs it) and on a real PHP 7.4 (`php74.mjs`: PHP 7.4 compiled to
 * WebAssembly, from npm, as Debian ships no 7.4), the oldest version the SDK supports.
 */

const PHP_DIR = fileURLToPath(new URL('..', import.meta.url));
const PHP_COMPAT = fileURLToPath(new URL('../../../scripts/php-compat.php', import.meta.url));
const BITRIX_DIR = fileURLToPath(new URL('../../../integrations/bitrix/b2bpay.payment', import.meta.url));
const PHP74 = fileURLToPath(new URL('./php74.mjs', import.meta.url));
const EXAMPLES = ['quickstart.php', 'webhook.php'];

/** A PHP to run scripts with: its command and the arguments before the script's. */
interface Engine {
  name: string;
  command: string;
  args: string[];
}
const ENGINES: Engine[] = [
  { name: 'PHP 8 (php)', command: 'php', args: [] },
  { name: 'PHP 7.4 (php-wasm)', command: process.execPath, args: [PHP74] },
];

/** Every .php file under a folder. */
function phpFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.php'))
    .map((name) => path.join(dir, name));
}

function phpWithCurl(): boolean {
  try {
    execFileSync('php', ['-r', 'exit(extension_loaded("curl") && extension_loaded("json") ? 0 : 1);'], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}
const HAS_PHP = phpWithCurl();
if (!HAS_PHP) {
  console.log(
    'PHP с расширением curl не найден: тесты PHP SDK пропущены (.ci/run ставит php-cli и php-curl).',
  );
}

/** A free loopback port for `php -S`, which cannot be asked for port 0. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

let project = '';
const php = (engine: Engine, file: string, env: Record<string, string> = {}) =>
  run(engine.command, [...engine.args, file], { cwd: project, env });

describe.skipIf(!HAS_PHP)('the PHP SDK in a project outside the repository', () => {
  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), 'b2bpay-php-project-'));
    // Only the SDK's folder, as the README says (its tests stay behind).
    cpSync(PHP_DIR, path.join(project, 'b2bpay-sdk'), {
      recursive: true,
      filter: (src) => !src.startsWith(path.join(PHP_DIR, 'test')),
    });
    for (const name of EXAMPLES) {
      copyFileSync(path.join(PHP_DIR, 'examples', name), path.join(project, name));
    }
  });

  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('is what the README prints: both examples appear in it verbatim', () => {
    const readme = readFileSync(path.join(PHP_DIR, 'README.md'), 'utf8');
    for (const name of EXAMPLES) {
      expect(readme, name).toContain(readFileSync(path.join(PHP_DIR, 'examples', name), 'utf8'));
    }
  });

  it('runs on a real PHP 7.4, which parses every file of the SDK and of the 1C-Bitrix module', async () => {
    const version = await php(ENGINES[1] as Engine, '-v');
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout).toMatch(/^PHP 7\.4\.\d+/);
    // The engine sees only the project's folder: the SDK is there; the module is copied beside it.
    cpSync(BITRIX_DIR, path.join(project, 'b2bpay.payment'), { recursive: true });
    const files = [
      ...phpFiles(path.join(project, 'b2bpay-sdk')),
      ...phpFiles(path.join(project, 'b2bpay.payment')),
    ].map((file) => path.relative(project, file));
    expect(files.length).toBeGreaterThan(25);
    writeFileSync(path.join(project, 'files.json'), JSON.stringify(files));
    // token_get_all with TOKEN_PARSE is the engine's own parser (php -l takes one file at a time).
    writeFileSync(
      path.join(project, 'parse.php'),
      `<?php
$problems = [];
foreach (json_decode(file_get_contents(__DIR__ . '/files.json'), true) as $file) {
    try { token_get_all(file_get_contents(__DIR__ . '/' . $file), TOKEN_PARSE); } catch (ParseError $e) { $problems[] = $file . ':' . $e->getLine() . ' ' . $e->getMessage(); }
}
echo json_encode($problems);
`,
    );
    const parsed = await php(ENGINES[1] as Engine, 'parse.php');
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(JSON.parse(parsed.stdout)).toEqual([]);
    // …and the gate holds: a PHP 8-only construct is refused.
    writeFileSync(path.join(project, 'php8.php'), '<?php\n$x = match (1) { 1 => 2 };\n');
    writeFileSync(path.join(project, 'files.json'), JSON.stringify(['php8.php']));
    const refused = await php(ENGINES[1] as Engine, 'parse.php');
    expect(JSON.parse(refused.stdout)).toHaveLength(1);
  });

  it.each(ENGINES)(
    "installs the Composer way on $name: composer.json's PSR-4 map finds every class, and it needs only curl and json",
    async (engine) => {
      const composer = JSON.parse(readFileSync(path.join(PHP_DIR, 'composer.json'), 'utf8'));
      expect(composer.require).toEqual({ php: '>=7.4', 'ext-curl': '*', 'ext-json': '*' });
      // Composer's PSR-4 rule, applied by hand to the copied folder (no Composer needed to check it).
      writeFileSync(
        path.join(project, 'psr4.php'),
        `<?php
$composer = json_decode(file_get_contents(__DIR__ . '/b2bpay-sdk/composer.json'), true);
foreach ($composer['autoload']['psr-4'] as $prefix => $dir) {
    spl_autoload_register(function ($class) use ($prefix, $dir) {
        if (strncmp($class, $prefix, strlen($prefix)) !== 0) return;
        $file = __DIR__ . '/b2bpay-sdk/' . $dir . str_replace('\\\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($file)) require $file;
    });
}
$found = [];
foreach (['Client', 'Webhook', 'ApiError', 'ConnectionError', 'WebhookVerificationError'] as $name) {
    $found[$name] = class_exists('B2BPay\\\\' . $name);
}
echo json_encode($found);
`,
      );
      const ran = await php(engine, 'psr4.php');
      expect(ran.code, ran.stderr).toBe(0);
      expect(JSON.parse(ran.stdout)).toEqual({
        Client: true,
        Webhook: true,
        ApiError: true,
        ConnectionError: true,
        WebhookVerificationError: true,
      });
    },
  );

  it('holds to PHP 7.4: nothing in the SDK or its examples that PHP 7.4 cannot parse or lacks', async () => {
    // PHP 7.4 itself is not packaged for this system; scripts/php-compat.php reads every file's tokens
    // for what 7.4 lacks (match, ?->, attributes, enums, readonly, mixed, PHP 8 functions, mbstring).
    const checked = await run(
      'php',
      [PHP_COMPAT, path.join(PHP_DIR, 'src'), path.join(PHP_DIR, 'examples')],
      {
        cwd: PHP_DIR,
      },
    );
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout + checked.stderr).toMatch(/9 PHP files checked for PHP 7\.4, 0 problems/);
  });

  it.each(ENGINES)(
    'pages through every order and every event with listAllOrders and listAllEvents on $name',
    async (engine) => {
      const scripted = await startScriptedServer([
        { status: 200, body: '{"items":[{"id":"a"},{"id":"b"}],"count":3,"has_more":true}' },
        { status: 200, body: '{"items":[{"id":"c"}],"count":3,"has_more":false}' },
        { status: 200, body: '{"items":[{"event_id":"e1"}],"has_more":true}' },
        { status: 200, body: '{"items":[],"has_more":false}' },
        { status: 200, body: '{"items":[{"id":"x"},{"id":"y"}],"count":5,"has_more":true}' },
        { status: 200, body: '{"items":[{"id":"w"}],"count":5,"has_more":false}' },
        { status: 200, body: '{"items":[{"id":"d1"}],"count":2,"has_more":true}' },
        { status: 200, body: '{"items":[{"id":"d2"}],"count":2,"has_more":false}' },
      ]);
      writeFileSync(
        path.join(project, 'pages.php'),
        `<?php
require_once __DIR__ . '/b2bpay-sdk/autoload.php';
$client = new B2BPay\\Client('sk_test_key', getenv('SCRIPTED_URL'));
$orders = [];
foreach ($client->listAllOrders(['limit' => 2, 'page' => 9]) as $order) { $orders[] = $order['id']; }
$events = [];
foreach ($client->listAllEvents(['type' => 'order.status.changed']) as $event) { $events[] = $event['event_id']; }
$back = [];
foreach ($client->listAllOrders(['limit' => 2, 'ending_before' => 'z']) as $order) { $back[] = $order['id']; }
$deliveries = [];
foreach ($client->listAllWebhookDeliveries(['limit' => 1, 'page' => 3]) as $delivery) { $deliveries[] = $delivery['id']; }
echo json_encode(['orders' => $orders, 'events' => $events, 'back' => $back, 'deliveries' => $deliveries]);
`,
      );
      try {
        const ran = await php(engine, 'pages.php', { SCRIPTED_URL: `${scripted.url}/` });
        expect(ran.code, ran.stdout + ran.stderr).toBe(0);
        // Back from ending_before: nearest the cursor first, the next page before the first item.
        expect(JSON.parse(ran.stdout)).toEqual({
          orders: ['a', 'b', 'c'],
          events: ['e1'],
          back: ['y', 'x', 'w'],
          deliveries: ['d1', 'd2'],
        });
        expect(scripted.seen.map((s) => s.url)).toEqual([
          '/api/order/orders?limit=2',
          '/api/order/orders?limit=2&starting_after=b',
          '/api/order/events?type=order.status.changed',
          '/api/order/events?type=order.status.changed&after=e1',
          '/api/order/orders?limit=2&ending_before=z',
          '/api/order/orders?limit=2&ending_before=x',
          '/api/webhooks/deliveries?limit=1',
          '/api/webhooks/deliveries?limit=1&starting_after=d1',
        ]);
      } finally {
        await scripted.close();
      }
    },
  );

  it.each(ENGINES)(
    'keeps the Idempotency-Key across retries, repeats only what is safe, and throws the API error on $name',
    async (engine) => {
      const limited: Reply = {
        status: 429,
        headers: { 'retry-after': '2' },
        body: JSON.stringify({ detail: 'Много', error: { code: 'RATE_LIMITED', message: 'Много' } }),
      };
      const invalid = {
        detail: 'Введите количество',
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Введите количество',
          field: 'products.0.quantity',
          request_id: 'r-1',
        },
        errors: [{ code: 'VALIDATION_ERROR', message: 'Введите количество', field: 'products.0.quantity' }],
      };
      const ok: Reply = { status: 200, body: '{"id":"o-1","amount":350.1}' };
      const scripted = await startScriptedServer([
        limited,
        ok, // createOrder: 429, then the same key again
        'drop',
        ok, // createOrder with the caller's key: dropped, then again
        'drop', // cancelOrder: dropped, not repeated
        'drop',
        'drop',
        ok, // getOrder: two drops, then the answer
        { status: 400, body: JSON.stringify(invalid) },
        { status: 200, body: '{"items":[],"count":0,"has_more":false}' },
        { status: 200, body: '{}' },
      ]);
      writeFileSync(
        path.join(project, 'retries.php'),
        `<?php
require_once __DIR__ . '/b2bpay-sdk/autoload.php';
$waits = [];
$client = new B2BPay\\Client('sk_test_key', getenv('SCRIPTED_URL'), ['sleep' => function (float $s) use (&$waits) { $waits[] = $s; }]);
$out = [];
$out['created'] = $client->createOrder(['products' => [['name' => 'Бумага', 'price' => 350.1, 'quantity' => 3]]]);
$client->createOrder(['products' => [['name' => 'Бумага', 'price' => 350.1, 'quantity' => 3]]], ['idempotency_key' => 'cart-8841']);
try { $client->cancelOrder('o-1'); } catch (B2BPay\\ConnectionError $e) { $out['cancel'] = get_class($e); }
$out['fetched'] = $client->getOrder('o-1');
try { $client->createOrder(['products' => [['name' => 'A', 'price' => 1]]]); } catch (B2BPay\\ApiError $e) {
    $out['error'] = ['status' => $e->status, 'code' => $e->errorCode, 'message' => $e->getMessage(), 'field' => $e->field, 'request_id' => $e->requestId, 'errors' => $e->errors];
}
$client->listOrders(['status' => ['client_expected', 'cancelled'], 'limit' => 5, 'external_id' => null]);
$client->updateShopSettings(['widget_origins' => []]);
$out['waits'] = $waits;
echo json_encode($out, JSON_UNESCAPED_UNICODE);
`,
      );
      try {
        const ran = await php(engine, 'retries.php', { SCRIPTED_URL: `${scripted.url}/` });
        expect(ran.code, ran.stdout + ran.stderr).toBe(0);
        const out = JSON.parse(ran.stdout);
        expect(out.created).toEqual({ id: 'o-1', amount: 350.1 });
        expect(out.cancel).toBe('B2BPay\\ConnectionError');
        expect(out.fetched).toEqual({ id: 'o-1', amount: 350.1 });
        expect(out.error).toEqual({ status: 400, ...invalid.error, errors: invalid.errors });
        expect(out.waits).toEqual([2, 0.5, 0.5, 1]);

        const seen = scripted.seen;
        expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
          'POST /api/order/orders',
          'POST /api/order/orders',
          'POST /api/order/orders',
          'POST /api/order/orders',
          'POST /api/order/orders/o-1/cancel',
          'GET /api/order/orders/o-1',
          'GET /api/order/orders/o-1',
          'GET /api/order/orders/o-1',
          'POST /api/order/orders',
          'GET /api/order/orders?status=client_expected&status=cancelled&limit=5',
          'PUT /api/shop/settings',
        ]);
        const keys = seen.map((s) => s.headers['idempotency-key']);
        expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(keys[1]).toBe(keys[0]);
        expect(keys.slice(2, 4)).toEqual(['cart-8841', 'cart-8841']);
        expect(keys[4]).toBeUndefined();
        expect(keys[8]).not.toBe(keys[0]);
        expect(seen[0]?.headers.authorization).toBe('Bearer sk_test_key');
        expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
          products: [{ name: 'Бумага', price: 350.1, quantity: 3 }],
        });
        expect(seen[4]?.body).toBe('{}');
        expect(seen[10]?.body).toBe('{"widget_origins":[]}');
      } finally {
        await scripted.close();
      }
    },
  );

  it.each(ENGINES)(
    'verifies what the API signs on $name: rotation, header styles, and refuses changes and stale timestamps',
    async (engine) => {
      const secret = 'whsec_ZGVtby13ZWJob29rLXNlY3JldC1iMmJwYXktMDAx';
      const oldSecret = 'whsec_b2xkLXNlY3JldC1vZi10aGUtc2hvcC0wMDAwMDAx';
      const body = '{"event":"order.status.changed","event_id":"e-1","amount":1050.3}';
      const at = new Date('2026-11-24T10:00:00Z');
      const now = Math.floor(at.getTime() / 1000);
      const cases = {
        plain: webhookHeaders(secret, 'e-1', at, body),
        rotated: webhookHeaders(secret, 'e-1', at, body, oldSecret),
        server: Object.fromEntries(
          Object.entries(webhookHeaders(secret, 'e-1', at, body)).map(([k, v]) => [
            `HTTP_${k.toUpperCase().replaceAll('-', '_')}`,
            v,
          ]),
        ),
      };
      writeFileSync(
        path.join(project, 'cases.json'),
        JSON.stringify({ cases, body, now, secret, oldSecret }),
      );
      writeFileSync(
        path.join(project, 'verify.php'),
        `<?php
require_once __DIR__ . '/b2bpay-sdk/autoload.php';
use B2BPay\\Webhook;
$c = json_decode(file_get_contents(__DIR__ . '/cases.json'), true);
$try = function (string $body, array $headers, string $secret, int $now) {
    try { return Webhook::verify($body, $headers, $secret, $now); } catch (B2BPay\\WebhookVerificationError $e) { return 'refused: ' . $e->getMessage(); }
};
echo json_encode([
    'plain' => $try($c['body'], $c['cases']['plain'], $c['secret'], $c['now']),
    'server' => $try($c['body'], $c['cases']['server'], $c['secret'], $c['now']),
    'rotated_old' => $try($c['body'], $c['cases']['rotated'], $c['oldSecret'], $c['now']),
    'rotated_new' => $try($c['body'], $c['cases']['rotated'], $c['secret'], $c['now']),
    'changed' => $try(str_replace('1050.3', '1.3', $c['body']), $c['cases']['plain'], $c['secret'], $c['now']),
    'other_secret' => $try($c['body'], $c['cases']['plain'], $c['oldSecret'], $c['now']),
    'stale' => $try($c['body'], $c['cases']['plain'], $c['secret'], $c['now'] + 301),
    'early' => $try($c['body'], $c['cases']['plain'], $c['secret'], $c['now'] - 301),
    'edge' => $try($c['body'], $c['cases']['plain'], $c['secret'], $c['now'] + 300),
    'no_id' => $try($c['body'], array_diff_key($c['cases']['plain'], ['webhook-id' => 1]), $c['secret'], $c['now']),
]);
`,
      );
      const ran = await php(engine, 'verify.php');
      expect(ran.code, ran.stderr).toBe(0);
      const event = JSON.parse(body);
      expect(JSON.parse(ran.stdout)).toEqual({
        plain: event,
        server: event,
        rotated_old: event,
        rotated_new: event,
        changed: 'refused: No matching signature found',
        other_secret: 'refused: No matching signature found',
        stale: 'refused: Message timestamp too old',
        early: 'refused: Message timestamp too new',
        edge: event,
        no_id: 'refused: Missing required headers',
      });
    },
  );

  describe.each(DB_KINDS)('against the API on $name', (kind) => {
    let t: TestApp;
    let base = '';

    beforeAll(async () => {
      t = await startTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
      // Webhook timestamps come from the app's clock; the endpoint accepts 5 minutes around its own.
      t.clock.set(new Date());
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      t.worker.start();
    });

    afterAll(async () => {
      await t?.worker.stop();
      await t?.close();
    });

    it.each(ENGINES)(
      'runs the README examples on $name: orders, the event log, and webhooks verified by webhook.php',
      async (engine) => {
        const shop = await newShop(t, 'Магазин на PHP');
        const port = await freePort();
        const endpoint = startProcess('php', ['-S', `127.0.0.1:${port}`, 'webhook.php'], {
          cwd: project,
          env: { B2BPAY_WEBHOOK_SECRET: shop.webhook_secret },
        });
        try {
          await endpoint.line(/Development Server \(http:\/\/127\.0\.0\.1:\d+\) started/);
          const webhookUrl = `http://127.0.0.1:${port}/`;
          const ran = await php(engine, 'quickstart.php', {
            B2BPAY_BASE_URL: base,
            B2BPAY_API_KEY: shop.secret_key,
            B2BPAY_WEBHOOK_URL: webhookUrl,
          });
          expect(ran.code, ran.stdout + ran.stderr).toBe(0);
          const { eventId, testEventId } = await checkQuickstartOutput(ran.stdout, t, shop.secret_key);

          try {
            await endpoint.line(new RegExp(`verified webhook\\.test ${testEventId}$`));
            await endpoint.line(new RegExp(`verified order\\.products\\.updated ${eventId}$`));
          } catch (error) {
            const deliveries = await t.app.inject({
              method: 'GET',
              url: '/api/webhooks/deliveries',
              headers: { authorization: `Bearer ${shop.secret_key}` },
            });
            throw new Error(`${(error as Error).message}\ndeliveries: ${deliveries.body}`);
          }
          const forged = await fetch(webhookUrl, {
            method: 'POST',
            headers: {
              'webhook-id': eventId,
              'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
              'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl',
            },
            body: '{"event":"order.status.changed"}',
          });
          expect(forged.status).toBe(400);
          await endpoint.line(/rejected No matching signature found$/);
        } finally {
          await endpoint.stop();
        }
      },
    );

    it.each(ENGINES)(
      'manages webhook endpoints on $name with $client->webhookEndpoints, the secret shown once',
      async (engine) => {
        const shop = await newShop(t, `Магазин с адресами на PHP (${engine.name})`);
        writeFileSync(
          path.join(project, 'endpoints.php'),
          `<?php
require_once __DIR__ . '/b2bpay-sdk/autoload.php';
use B2BPay\\Event;
$client = new B2BPay\\Client(getenv('B2BPAY_API_KEY'), getenv('B2BPAY_BASE_URL'));
$created = $client->webhookEndpoints->create([
    'url' => 'https://hooks.example.ru/1c',
    'enabled_events' => [Event::ORDER_CREATED, Event::ORDER_PAYMENT_COMPLETED],
]);
$listed = $client->webhookEndpoints->list(['limit' => 10]);
$read = $client->webhookEndpoints->retrieve($created['id']);
$updated = $client->webhookEndpoints->update($created['id'], ['enabled_events' => [Event::ALL], 'disabled' => true]);
$rotated = $client->webhookEndpoints->rotateSecret($created['id'], ['expire_old_in_seconds' => 60]);
try {
    $client->webhookEndpoints->create(['url' => 'https://hooks.example.ru/x', 'enabled_events' => ['order.nope']]);
    $refused = null;
} catch (B2BPay\\ApiError $e) {
    $refused = $e->status;
}
$deleted = $client->webhookEndpoints->delete($created['id']);
try {
    $client->webhookEndpoints->retrieve($created['id']);
    $gone = null;
} catch (B2BPay\\ApiError $e) {
    $gone = $e->status;
}
echo json_encode([
    'secret' => substr($created['secret'], 0, 6),
    'events' => $created['enabled_events'],
    'listed' => array_column($listed['items'], 'id') === [$created['id']],
    'read_has_secret' => array_key_exists('secret', $read),
    'updated' => [$updated['enabled_events'], $updated['status']],
    'rotated' => $rotated['secret'] !== $created['secret'],
    'refused' => $refused,
    'deleted' => $deleted['deleted'],
    'gone' => $gone,
]);
`,
        );
        const ran = await php(engine, 'endpoints.php', {
          B2BPAY_BASE_URL: base,
          B2BPAY_API_KEY: shop.secret_key,
        });
        expect(ran.code, ran.stdout + ran.stderr).toBe(0);
        expect(JSON.parse(ran.stdout)).toEqual({
          secret: 'whsec_',
          events: ['order.created', 'order.payment.completed'],
          listed: true,
          read_has_secret: false,
          updated: [['*'], 'disabled'],
          rotated: true,
          refused: 400,
          deleted: true,
          gone: 404,
        });
      },
    );
  });
});
