import type { Database } from './database';

/**
 * A Database to hand out while it is still opening: every call waits for `opening`. It lets the HTTP
 * application be built during the seconds PGlite takes to start; nothing queries before the server
 * listens, and it listens only once the database is open.
 */
export function deferredDatabase(kind: Database['kind'], opening: Promise<Database>): Database {
  let opened: Database | undefined;
  opening.then(
    (db) => {
      opened = db;
    },
    () => {},
  );
  return {
    poolStats: () => opened?.poolStats?.(),
    kind,
    query: async (sql, params) => (await opening).query(sql, params),
    transaction: async (work) => (await opening).transaction(work),
    close: async () => (await opening).close(),
  };
}
