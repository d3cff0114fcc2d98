import type { AppDeps } from '../../deps';
import { deleteEndedSessions, type SessionStore } from './sessions.repository';

/** Retention (modules/retention): one batch of a store's sessions that ended (idle or absolute end). */
export function purgeEndedSessionsOf(store: SessionStore) {
  return (deps: AppDeps, batch: number): Promise<number> => {
    const now = deps.clock.now();
    return deleteEndedSessions(
      deps.db,
      store,
      now,
      new Date(now.getTime() - deps.config.CABINET_SESSION_IDLE),
      batch,
    );
  };
}
