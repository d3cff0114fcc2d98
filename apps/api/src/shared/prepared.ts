import { createHash } from 'node:crypto';

/**
 * Marks a statement to be prepared once per PostgreSQL connection and reused (db/postgres.ts names it
 * by its text); PGlite reads the mark as the comment it is. Parsing and planning a statement with
 * subqueries costs more than running it on a primary key, so the hot reads and writes use this.
 * Only for statements whose best plan does not depend on the parameters' values: after five runs
 * PostgreSQL may keep one generic plan for all of them (a primary-key read, an insert — never the
 * order list, whose plan depends on what is searched).
 */
export const PREPARED_MARK = '/* prepared */ ';

export const prepared = (sql: string) => `${PREPARED_MARK}${sql}`;

const names = new Map<string, string>();

/** The statement's name for the server, or undefined for one to be parsed and planned every time. */
export function preparedName(sql: string): string | undefined {
  if (!sql.startsWith(PREPARED_MARK)) return undefined;
  let name = names.get(sql);
  if (name === undefined) {
    name = `p_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  return name;
}
