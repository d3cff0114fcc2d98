import type { Config } from './config';
import type { Database } from './db/database';
import type { Clock } from './shared/clock';

/** What every module needs, built once in main.ts (or a test) and handed down. */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
}
