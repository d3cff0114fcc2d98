import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Order, OrderList } from '@b2bpay/domain';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP } from '../support/api';
import { REPO_ROOT } from '../support/paths';
import { freePort, type RunningServer, startServer } from '../support/server';

// Every example on the API documentation page is a file in docs/examples/ (the page imports them
// as text). Here they run as printed, against a real server, in each language present.

const EXAMPLES_DIR = path.join(REPO_ROOT, 'docs/examples');
const file = (name: string) => path.join(EXAMPLES_DIR, name);

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

interface Runner {
  language: string;
  ext: string;
  command: string;
}

const RUNNERS: Runner[] = [
  { language: 'cURL', ext: 'sh', command: 'bash' },
  { language: 'Python', ext: 'py', command: 'python3' },
  { language: 'Node.js', ext: 'mjs', command: process.execPath },
  { language: 'PHP', ext: 'php', command: 'php' },
];
const HAS_PHP = onPath('php');
if (!HAS_PHP) console.log('PHP не найден: примеры на PHP пропущены (.ci/run ставит php-cli).');
const present = RUNNERS.filter((r) => r.ext !== 'php' || HAS_PHP);

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: EXAMPLES_DIR, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let server: RunningServer;
let base = '';

beforeAll(async () => {
  // Its own server: the webhook receivers listen on loopback, which only this setting allows.
  server = await startServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  base = server.baseUrl;
});

afterAll(async () => {
  await server?.stop();
});

describe('docs/examples', () => {
  it('has the four operations in four languages, with the defaults the page shows', () => {
    const files = readdirSync(EXAMPLES_DIR).sort();
    const expected = ['create-order', 'get-order', 'list-orders', 'verify-webhook'].flatMap((name) =>
      ['mjs', 'php', 'py', 'sh'].map((ext) => `${name}.${ext}`),
    );
    expect(files).toEqual(expected.sort());
    for (const name of files) {
      const text = readFileSync(file(name), 'utf8');
      if (name.startsWith('verify-webhook')) {
        expect(text, name).toContain(DEMO_SHOP.webhookSecret);
        expect(text, name).toContain('B2BPAY_WEBHOOK_SECRET');
      } else {
        expect(text, name).toContain('http://localhost:3000');
        expect(text, name).toContain(DEMO_SHOP.secretKey);
        expect(text, name).toContain('B2BPAY_BASE_URL');
        expect(text, name).toContain('B2BPAY_API_KEY');
      }
    }
  });
});

describe.each(present)('$language examples against a real server', ({ ext, command }) => {
  const env = () => ({ B2BPAY_BASE_URL: base });

  it('create, get and list orders as printed, with the demo key the file carries', async () => {
    const created = await run(command, [file(`create-order.${ext}`)], env());
    expect(created.code, created.stderr).toBe(0);
    const order = JSON.parse(created.stdout) as Order;
    expect(order.link).toBe(`${base}/client/${order.id}`);
    expect(order.shop_id).toBe(DEMO_SHOP.id);
    expect(order.amount).toBe(6040.3);
    expect(order.products.map((p) => [p.name, p.price, p.quantity])).toEqual([
      ['Бумага офисная А4, 500 листов', 350.1, 3],
      ['Картридж HP 85A', 4990, 1],
    ]);
    expect(order.client).toMatchObject({ email: 'buyer@example.ru', phone_number: '+79991234567' });

    const fetched = await run(command, [file(`get-order.${ext}`), order.id], env());
    expect(fetched.code, fetched.stderr).toBe(0);
    expect(JSON.parse(fetched.stdout)).toMatchObject({
      id: order.id,
      status: 'client_expected',
      amount: 6040.3,
    });

    const listed = await run(command, [file(`list-orders.${ext}`)], env());
    expect(listed.code, listed.stderr).toBe(0);
    const page = JSON.parse(listed.stdout) as OrderList;
    expect(page.count).toBeGreaterThanOrEqual(1);
    expect(page.items.map((o) => o.id)).toContain(order.id);
    expect(new Set(page.items.map((o) => o.status))).toEqual(new Set(['client_expected']));
  });

  it('prints the status and the body of any answer other than 200, and fails', async () => {
    const badKey = await run(command, [file(`create-order.${ext}`)], {
      ...env(),
      B2BPAY_API_KEY: 'sk_live_wrong',
    });
    expect(badKey.code).toBe(1);
    expect(badKey.stdout + badKey.stderr).toContain('HTTP 401');
    expect(badKey.stdout + badKey.stderr).toContain('"detail":"Неверный или отозванный ключ API"');

    const missing = await run(
      command,
      [file(`get-order.${ext}`), '00000000-0000-4000-8000-000000000000'],
      env(),
    );
    expect(missing.code).toBe(1);
    expect(missing.stdout + missing.stderr).toContain('HTTP 404');
    expect(missing.stdout + missing.stderr).toContain('"code":"NOT_FOUND"');

    const publishable = await run(command, [file(`list-orders.${ext}`)], {
      ...env(),
      B2BPAY_API_KEY: DEMO_SHOP.publishableKey,
    });
    expect(publishable.code).toBe(1);
    expect(publishable.stdout + publishable.stderr).toContain('HTTP 403');
  });
});

// --- Webhook signatures: signed by the reference implementation, checked by the examples. ---

const signer = new Webhook(DEMO_SHOP.webhookSecret);
const BODY = JSON.stringify({
  event: 'order.status.changed',
  event_id: '8d2f4c1a-6b3e-4f5d-9a7c-1e2b3c4d5e6f',
  sequence: 3,
  order_id: '3f6c1d2e-9a4b-4c7d-8e1f-2a3b4c5d6e7f',
  order_number: '1042',
  status: 'app_approved',
  previous_status: 'bank_info_expected',
  amount: 6040.3,
  shop_id: DEMO_SHOP.id,
  client: { name: 'Иван', organization_name: 'ООО «Ромашка»' },
  timestamp: new Date().toISOString(),
});

function signed(id: string, at: Date, body = BODY, by = signer) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': by.sign(id, at, body),
  };
}

const other = new Webhook('whsec_b3RoZXItc2hvcC1zZWNyZXQtMDAwMDAwMDA=');
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('verify-webhook.sh (shell + openssl)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'b2bpay-webhook-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function verify(headers: Record<string, string>, body = BODY): Promise<Result> {
    const bodyFile = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(bodyFile, body);
    return run('bash', [file('verify-webhook.sh'), bodyFile], {
      WEBHOOK_ID: headers['webhook-id'] ?? '',
      WEBHOOK_TIMESTAMP: headers['webhook-timestamp'] ?? '',
      WEBHOOK_SIGNATURE: headers['webhook-signature'] ?? '',
    });
  }

  it('accepts a signature made by the standardwebhooks package, also among several', async () => {
    const ok = await verify(signed('msg_1', new Date()));
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout.trim()).toBe('Подпись верна');
    const headers = signed('msg_2', new Date());
    const several = await verify({
      ...headers,
      'webhook-signature': `v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= ${headers['webhook-signature']}`,
    });
    expect(several.code, several.stderr).toBe(0);
  });

  it('refuses a changed body, another secret and an old timestamp', async () => {
    const changed = await verify(signed('msg_3', new Date()), BODY.replace('6040.3', '1'));
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain('Подпись неверна');
    expect((await verify(signed('msg_4', new Date(), BODY, other))).code).toBe(1);
    // A header value must never reach bash arithmetic, where a[$(…)] would run a command.
    const marker = path.join(dir, 'injected');
    const injected = await verify({
      ...signed('msg_6', new Date()),
      'webhook-timestamp': `x[$(touch ${marker})]`,
    });
    expect(injected.code).toBe(1);
    expect(existsSync(marker)).toBe(false);
    const old = await verify(signed('msg_5', minutesAgo(10)));
    expect(old.code).toBe(1);
    expect(old.stderr).toContain('5 минут');
  });
});

interface Receiver {
  language: string;
  start: (port: number) => ChildProcess;
}

const RECEIVERS: Receiver[] = [
  {
    language: 'Node.js',
    start: (port) =>
      spawn(process.execPath, [file('verify-webhook.mjs')], { env: { ...process.env, PORT: String(port) } }),
  },
  {
    language: 'Python',
    start: (port) =>
      spawn('python3', [file('verify-webhook.py')], { env: { ...process.env, PORT: String(port) } }),
  },
  ...(HAS_PHP
    ? [
        {
          language: 'PHP',
          start: (port: number) =>
            spawn('php', ['-S', `127.0.0.1:${port}`, file('verify-webhook.php')], { cwd: EXAMPLES_DIR }),
        },
      ]
    : []),
];

describe.each(RECEIVERS)('verify-webhook receiver in $language', ({ start }) => {
  let child: ChildProcess;
  let url = '';
  let output = '';

  beforeAll(async () => {
    const port = await freePort();
    child = start(port);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    url = `http://127.0.0.1:${port}/b2bpay/webhook`;
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        await fetch(url, { method: 'POST', body: '{}' });
        break;
      } catch {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`receiver did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });

  afterAll(() => {
    child?.kill('SIGTERM');
  });

  const post = (headers: Record<string, string>, body = BODY) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('answers 200 to a request signed by the standardwebhooks package and reads the event', async () => {
    const response = await post(signed('msg_ok_1', new Date()));
    expect(response.status).toBe(200);
    await expect
      .poll(() => output)
      .toContain('order.status.changed (msg_ok_1): заказ №1042, bank_info_expected → app_approved');
  });

  it('answers 400 to a changed body, another secret, an old timestamp and a request without headers', async () => {
    expect((await post(signed('msg_bad_1', new Date()), BODY.replace('1042', '1043'))).status).toBe(400);
    expect((await post(signed('msg_bad_2', new Date(), BODY, other))).status).toBe(400);
    expect((await post(signed('msg_bad_3', minutesAgo(6)))).status).toBe(400);
    expect((await post({})).status).toBe(400);
    expect(output).not.toContain('msg_bad_');
  });

  it('accepts a real delivery from the server (the signed webhook.test event)', async () => {
    const response = await fetch(`${base}/api/webhooks/test`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEMO_SHOP.secretKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    expect(response.status).toBe(200);
    const delivery = (await response.json()) as { id: string; event_id: string };
    await expect.poll(() => output, { timeout: 30_000 }).toContain(`webhook.test (${delivery.event_id})`);
    await expect
      .poll(
        async () => {
          const list = await fetch(`${base}/api/webhooks/deliveries`, {
            headers: { Authorization: `Bearer ${DEMO_SHOP.secretKey}` },
          });
          const { items } = (await list.json()) as {
            items: Array<{ id: string; status: string; last_status_code: number | null }>;
          };
          const mine = items.find((d) => d.id === delivery.id);
          return mine && `${mine.status} ${mine.last_status_code}`;
        },
        { timeout: 30_000 },
      )
      .toBe('delivered 200');
  });
});
