import { once } from 'node:events';
import { type AddressInfo, createServer, connect as netConnect, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from './support/test-app';

/**
 * Redis out of reach must neither hold requests nor switch the rate limits off: the store gives up
 * within REDIS_TIMEOUT_MS (or at once while disconnected), counts in the process meanwhile, says
 * `redis: degraded` in readiness (still ready) and in a metric, logs once when the outage starts and
 * once when it ends, and shares the counters again when Redis is back.
 */
const redisUrl = process.env.REDIS_TEST_URL;

/** The app's log lines (pino JSON), to count what it says about Redis. */
function capturedLog() {
  const lines: { level: number; msg: string; [field: string]: unknown }[] = [];
  return {
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    aboutRedis: () => lines.filter((l) => /redis/i.test(l.msg)),
  };
}

/** A TCP server that takes connections and never answers (a Redis that hangs). */
async function silentServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const s of sockets) s.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A TCP relay to the real Redis that the test can cut and open again on the same port. */
async function redisRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  async function open() {
    const s = createServer((client) => {
      const upstream = netConnect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => {
          sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    s.listen(port, '127.0.0.1');
    await once(s, 'listening');
    port = (s.address() as AddressInfo).port;
    server = s;
  }
  await open();
  return {
    url: () => `redis://127.0.0.1:${port}`,
    open,
    async cut() {
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      s?.close();
      if (s) await once(s, 'close');
    },
  };
}

const run = Math.floor(Math.random() * 200) + 20;
let n = 0;
const nextAddress = () => `192.0.${run}.${(++n % 250) + 1}`;

async function readiness(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
  return { status: res.statusCode, body: res.json() as { status: string; checks: { redis?: string } } };
}

async function sixFrom(t: TestApp, address: string) {
  const codes: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/integration/company/suggest?inn=77',
      remoteAddress: address,
    });
    codes.push(res.statusCode);
  }
  return codes;
}

describe.each(DB_KINDS)('rate limits with Redis out of reach (%s)', (kind) => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let t: TestApp | undefined;
  beforeAll(async () => {
    silent = await silentServer();
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  afterAll(() => silent.close());

  it.each([
    { name: 'nothing listens (closed port)', url: () => 'redis://127.0.0.1:1' },
    { name: 'a server that never answers', url: () => silent.url },
  ])('$name: counts in the process, degraded but ready, one log line', async ({ url }) => {
    const log = capturedLog();
    t = await startTestApp(
      kind,
      { REDIS_URL: url(), REDIS_TIMEOUT_MS: '50', RATE_LIMIT_PER_MINUTE: '5' },
      { logger: log.logger },
    );
    const app = t;
    // The process's own limit holds: five, then 429 (before, with no answer from Redis, no limit).
    expect(await sixFrom(app, nextAddress())).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await sixFrom(app, nextAddress())).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await readiness(app)).toEqual({
      status: 200,
      body: {
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', draining: false, redis: 'degraded' },
      },
    });
    const metrics = await app.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^b2bpay_rate_limit_store_degraded 1$/m);
    // One warning for the whole outage, not one per request.
    const said = log.aboutRedis();
    expect(said.map((l) => l.level)).toEqual([40]);
  });
});

describe.runIf(redisUrl).each(DB_KINDS)('rate limits when Redis goes away and comes back (%s)', (kind) => {
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  let t: TestApp;
  let direct: Redis;
  const log = capturedLog();
  beforeAll(async () => {
    relay = await redisRelay(new URL(redisUrl as string));
    direct = new Redis(redisUrl as string);
    t = await startTestApp(
      kind,
      // A generous time limit: this test cuts Redis off itself, a slow answer must not look like it.
      { REDIS_URL: relay.url(), REDIS_TIMEOUT_MS: '1000', RATE_LIMIT_PER_MINUTE: '5' },
      { logger: log.logger },
    );
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await relay?.cut();
    direct?.disconnect();
  });

  /** The count Redis holds for an address (null: Redis never saw it). */
  const sharedCount = async (address: string) => direct.get(`b2bpay-rl:ip:${address}`);

  it('counts in Redis, then in the process while it is away, then in Redis again', async () => {
    const before = nextAddress();
    expect(await sixFrom(t, before)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await sharedCount(before)).toBe('6');
    expect((await readiness(t)).body.checks.redis).toBe('ok');
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(
      /^b2bpay_rate_limit_store_degraded 0$/m,
    );

    await relay.cut();
    await expect.poll(async () => (await readiness(t)).body.checks.redis).toBe('degraded');
    const during = nextAddress();
    expect(await sixFrom(t, during)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await sharedCount(during)).toBeNull();
    expect((await readiness(t)).status).toBe(200);

    await relay.open();
    // The client reconnects by itself (at most a second apart).
    await expect.poll(async () => (await readiness(t)).body.checks.redis, { timeout: 15_000 }).toBe('ok');
    const after = nextAddress();
    expect(await sixFrom(t, after)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await sharedCount(after)).toBe('6');

    // The outage in the log: a warning when it began, one line when it ended, with what it cost.
    const said = log.aboutRedis();
    expect(said.map((l) => l.level)).toEqual([40, 30]);
    expect(said[1]).toMatchObject({ requestsCountedLocally: 6 });
  }, 60_000);
});
