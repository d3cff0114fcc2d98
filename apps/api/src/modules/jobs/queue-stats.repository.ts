import { type Queryable, toNumber } from '../../db/database';

export interface KindStats {
  lane: string;
  kind: string;
  due: number;
  running: number;
  /** Seconds the oldest due job has waited past its run_at (0 when none is due). */
  oldestDueAgeSeconds: number;
}

/**
 * Due and running jobs per lane and kind and the age of the oldest due one, for the metrics scrape. Reads
 * only the two partial indexes' rows (pending, running), so it stays cheap however many finished
 * jobs the table still holds.
 */
export async function jobStatsByKind(db: Queryable, now: Date): Promise<KindStats[]> {
  const rows = await db.query<{
    lane: string;
    kind: string;
    due: unknown;
    running: unknown;
    oldest: unknown;
  }>(
    `SELECT lane, kind,
            count(*) FILTER (WHERE state = 'pending' AND run_at <= $1) AS due,
            count(*) FILTER (WHERE state = 'running') AS running,
            COALESCE(EXTRACT(EPOCH FROM ($1 - min(run_at) FILTER (WHERE state = 'pending' AND run_at <= $1))), 0) AS oldest
       FROM jobs
      WHERE state IN ('pending', 'running')
      GROUP BY lane, kind`,
    [now],
  );
  return rows.map((r) => ({
    lane: r.lane,
    kind: r.kind,
    due: toNumber(r.due),
    running: toNumber(r.running),
    oldestDueAgeSeconds: Math.max(0, toNumber(r.oldest)),
  }));
}
