import type { Queryable } from '../../db/database';
import { jobStatsByKind, type KindStats } from './queue-stats.repository';

export type { KindStats };

/** The queue's state per lane and job kind (metrics): what is due, what runs, how long the oldest due job waits. */
export function queueStats(db: Queryable, now: Date): Promise<KindStats[]> {
  return jobStatsByKind(db, now);
}
