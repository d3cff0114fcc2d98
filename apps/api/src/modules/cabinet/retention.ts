import type { AppDeps } from '../../deps';
import { deleteEndedSessions } from '../sessions';
import { deleteEndedTokens } from './cabinet.repository';

/** Retention (modules/retention): one batch of sessions that ended (idle or absolute end). */
export function purgeEndedSessions(deps: AppDeps, batch: number): Promise<number> {
  const now = deps.clock.now();
  return deleteEndedSessions(
    deps.db,
    'cabinet',
    now,
    new Date(now.getTime() - deps.config.CABINET_SESSION_IDLE),
    batch,
  );
}

/** Retention: one batch of sign-up and reset links past their end. */
export function purgeEndedLinks(deps: AppDeps, batch: number): Promise<number> {
  return deleteEndedTokens(deps.db, deps.clock.now(), batch);
}
