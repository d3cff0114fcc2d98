import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { deferredDatabase } from './db/deferred-database';
import { openDatabase } from './db/open-database';
import { withJobSignals } from './modules/jobs';
import { systemClock } from './shared/clock';
import { Lifecycle } from './shared/lifecycle';
import { drainAndClose } from './shared/shutdown';

async function main() {
  const config = loadConfig();
  // The database opens first (PGlite: compiling its WASM, copying the pre-initialised data folder) and
  // the HTTP side loads and is built meanwhile, so start-up pays for the slower of the two, not both.
  // Nothing queries before the port opens, and it opens only once the database is ready.
  const opening = openDatabase(config);
  opening.catch(() => {}); // awaited below; a failure meanwhile must not count as unhandled
  // A commit that enqueues a job wakes the inline worker at once, or (WORKER=off) the worker
  // processes through a NOTIFY: no waiting for their poll.
  const db = withJobSignals(deferredDatabase(config.DATABASE_URL ? 'postgres' : 'pglite', opening));
  const [{ DEMO_SHOP }, { buildApp }, { createInlineWorker }, { syncDemoShop }] = await Promise.all([
    import('@b2bpay/domain'),
    import('./app'),
    import('./jobs/registry'),
    import('./modules/shops'),
  ]);
  const deps = { config, db, clock: systemClock };
  const lifecycle = new Lifecycle();
  const app = await buildApp(deps, { lifecycle });
  await opening;
  await syncDemoShop(db, config.DEMO_SHOP);
  if (config.DEMO_SHOP && config.NODE_ENV === 'production') {
    app.log.warn(
      'DEMO_SHOP=true в production (DEMO_SHOP_IN_PRODUCTION=true): демо-магазин с публичными ключами открыт всем',
    );
  }
  const sandbox = config.SANDBOX_BANKS
    ? await (await import('./sandbox-mount')).mountSandboxBanks(app, deps)
    : null;
  const worker =
    config.WORKER === 'inline'
      ? await createInlineWorker(deps, {
          pollMs: config.WORKER_POLL_MS,
          concurrency: config.WORKER_CONCURRENCY,
          leaseMs: config.WORKER_LEASE_MS,
          logger: app.log,
        })
      : null;

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: draining (up to ${config.SHUTDOWN_GRACE_MS} ms)`);
    sandbox?.close();
    const { cutOff } = await drainAndClose({ app, lifecycle, graceMs: config.SHUTDOWN_GRACE_MS, worker });
    if (cutOff) app.log.warn('requests still running after SHUTDOWN_GRACE_MS were cut off');
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  await sandbox?.start(loopbackUrl(app, config.HOST));
  worker?.start();
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `встроенная PGlite в ${config.DATA_DIR}`;
  const lines = [`B2BPay работает: ${config.PUBLIC_URL}  (база: ${where})`];
  if (config.DEMO_SHOP) {
    lines.push(
      `  Кабинет демо-магазина: ${config.PUBLIC_URL}/shops/${DEMO_SHOP.id}?token=${DEMO_SHOP.secretKey}`,
      `  Документация API:      ${config.PUBLIC_URL}/api/docs`,
    );
  }
  console.log(lines.join('\n'));
}

/** This server as the sandbox banks reach it: on loopback unless it listens on one address only. */
function loopbackUrl(app: { server: { address(): unknown } }, host: string) {
  const address = app.server.address() as { port: number } | null;
  const wildcard = host === '0.0.0.0' || host === '::' || host === 'localhost';
  const name = wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${address?.port ?? 0}`;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
