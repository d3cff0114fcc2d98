import { loadConfig } from './config';
import { openDatabase } from './db/open-database';
import { createWorker } from './jobs/registry';
import { withJobSignals } from './modules/jobs';
import { systemClock } from './shared/clock';
import { Lifecycle } from './shared/lifecycle';
import { startWorkerProbes } from './worker-probes';

/**
 * `npm run worker`: a background worker process (webhooks, e-mail and SMS, banks, deadlines) beside
 * API processes started with WORKER=off, all on one PostgreSQL.
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error(
      'npm run worker нужен DATABASE_URL: встроенную базу открывает только процесс API (WORKER=inline).',
    );
    process.exit(2);
  }
  // Jobs this process enqueues (a bank's decision after its submission) wake it at once.
  const db = withJobSignals(await openDatabase(config));
  const worker = createWorker(
    { config, db, clock: systemClock },
    {
      pollMs: config.WORKER_POLL_MS,
      leaseMs: config.WORKER_LEASE_MS,
      concurrency: config.WORKER_CONCURRENCY,
      logger: console,
    },
  );
  const lifecycle = new Lifecycle();
  const probes = config.WORKER_METRICS_PORT
    ? await startWorkerProbes({
        db,
        clock: systemClock,
        lifecycle,
        port: config.WORKER_METRICS_PORT,
        metricsToken: config.METRICS_TOKEN,
        trustedProxies: config.TRUSTED_PROXIES,
      })
    : null;
  worker.start();
  console.log(`B2BPay worker ${process.pid} запущен`);
  // SIGTERM: stop claiming; running jobs get SHUTDOWN_GRACE_MS, then their leases are handed back.
  const stop = async () => {
    lifecycle.startDrain();
    await worker.stop(config.SHUTDOWN_GRACE_MS);
    await probes?.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
