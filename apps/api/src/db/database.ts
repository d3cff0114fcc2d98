/** The one interface the repositories see: PGlite and node-postgres both sit behind it. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The connection pool's state (PostgreSQL; the embedded database has no pool). */
  poolStats?(): PoolStats | undefined;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries queued for a free connection. */
  waiting: number;
}

/** int8 columns come back as strings from node-postgres and as numbers from PGlite. */
export function toNumber(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

export function toIso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** One round trip: the health probes' "the database answers". */
export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
