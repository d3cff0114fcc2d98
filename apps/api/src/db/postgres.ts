import pg from 'pg';
import { preparedName } from '../shared/prepared';
import type { Database, Queryable } from './database';

/** A real PostgreSQL server (DATABASE_URL): any number of API and worker processes share it. */
export async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its server (restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  await pool.query('SELECT 1');
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const values = params as unknown[];
      const name = preparedName(sql);
      const result = await (name ? q.query({ name, text: sql, values }) : q.query(sql, values));
      return result.rows as Row[];
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      // A checked-out client has no pool listener: losing the server between two statements (a
      // restart) would be an unhandled 'error' event and end the process. Note it instead, fail the
      // transaction, and hand the dead client back to be destroyed rather than reused.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
