import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AppDeps } from '../../deps';
import { AppError } from '../../shared/errors';
import { claimExportLease, extendExportLease, releaseExportLease } from './export-lease.repository';

/**
 * How long an export's hold on its shop lasts without news: every batch pushes it on, so only an
 * export whose process died (or whose client has not read a batch for this long) lets it lapse.
 */
export const EXPORT_LEASE_MS = 60_000;
export const EXPORT_RUNNING = 'Выгрузка заказов магазина уже идёт. Дождитесь её окончания и повторите.';

/**
 * The stream of `chunks`, holding the shop's export lease (a row of `export_leases`, so every API
 * process sees it) from now until the stream ends, fails or its client goes away. While another
 * export of the shop holds it: 429 with Retry-After: 1. Five parallel exports of one shop used to
 * hold 250 MB in one process; now a shop has one at a time, whichever process it asks.
 */
export async function leasedExport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  shopId: string,
  chunks: () => AsyncIterable<string>,
): Promise<Readable> {
  const holder = randomUUID();
  const until = () => new Date(deps.clock.now().getTime() + EXPORT_LEASE_MS);
  if (!(await claimExportLease(deps.db, shopId, holder, deps.clock.now(), until()))) {
    throw new AppError('RATE_LIMITED', EXPORT_RUNNING, { headers: { 'retry-after': '1' } });
  }
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    // A database that does not answer now: the lease lapses on its own after EXPORT_LEASE_MS.
    await releaseExportLease(deps.db, shopId, holder).catch(() => {});
  };
  // Released before the stream ends, so a client that has read the whole file may start the next one.
  async function* leased() {
    try {
      for await (const chunk of chunks()) {
        yield chunk;
        await extendExportLease(deps.db, shopId, holder, until());
      }
    } finally {
      await release();
    }
  }
  const stream = Readable.from(leased(), { objectMode: false });
  // A stream destroyed before its first read never enters `leased`: its finally would not run.
  stream.once('close', () => {
    void release();
  });
  return stream;
}
