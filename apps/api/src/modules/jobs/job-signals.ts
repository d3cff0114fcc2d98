import type { Database, Queryable } from '../../db/database';
import { announceJobs } from './job-channel.repository';

type Listener = () => void;

const enqueuedIn = new WeakSet<Queryable>();
const listenersOf = new WeakMap<Database, Set<Listener>>();
const signalled = new WeakMap<Queryable, () => void>();

/**
 * Called by `enqueue`: `tx` added a job. A transaction is announced once it has committed (a worker
 * woken before the commit would find nothing and go back to sleep); a plain, auto-committed query
 * of a signalled database is announced at once.
 */
export function noteEnqueued(tx: Queryable) {
  const announceNow = signalled.get(tx);
  if (announceNow) announceNow();
  else enqueuedIn.add(tx);
}

/** Workers of this process on `db` subscribe here; returns the unsubscribe. */
export function onJobsCommitted(db: Database, listener: Listener): () => void {
  let set = listenersOf.get(db);
  if (!set) {
    set = new Set();
    listenersOf.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** At most one NOTIFY (`announceJobs`) in flight; requests meanwhile are folded into one more after it. */
function coalescedNotify(db: Database): () => void {
  let inFlight = false;
  let again = false;
  const send = () => {
    inFlight = true;
    again = false;
    announceJobs(db)
      .catch(() => {}) // the database may be restarting: the workers' poll finds the job anyway
      .finally(() => {
        inFlight = false;
        if (again) send();
      });
  };
  return () => {
    if (inFlight) again = true;
    else send();
  };
}

/**
 * The database as the API and worker processes use it: a transaction that enqueued a job wakes this
 * process's workers on `db` right after its commit. When this process has no worker (`WORKER=off`,
 * the CLI) and the database is PostgreSQL, the commit is announced with a NOTIFY instead, which the
 * `npm run worker` processes LISTEN for (`job-listener.ts`). Either way it is only a hint: workers
 * still poll every WORKER_POLL_MS, so a lost signal delays a job, never loses it.
 */
export function withJobSignals(db: Database): Database {
  const notify = db.kind === 'postgres' ? coalescedNotify(db) : () => {};
  let wrapped: Database;
  const announce = () => {
    const listeners = listenersOf.get(wrapped);
    if (listeners && listeners.size > 0) for (const listener of listeners) listener();
    else notify();
  };
  wrapped = {
    kind: db.kind,
    query: <Row>(sql: string, params?: readonly unknown[]) => db.query<Row>(sql, params),
    async transaction(work) {
      let used: Queryable | undefined;
      const result = await db.transaction((tx) => {
        used = tx;
        return work(tx);
      });
      if (used && enqueuedIn.has(used)) announce();
      return result;
    },
    close: () => db.close(),
    poolStats: () => db.poolStats?.(),
  };
  signalled.set(wrapped, announce);
  return wrapped;
}
