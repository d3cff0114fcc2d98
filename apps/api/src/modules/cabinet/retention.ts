import type { AppDeps } from '../../deps';
import { deleteEndedTokens } from './cabinet.repository';

/** Retention: one batch of sign-up and reset links past their end. */
export function purgeEndedLinks(deps: AppDeps, batch: number): Promise<number> {
  return deleteEndedTokens(deps.db, deps.clock.now(), batch);
}
