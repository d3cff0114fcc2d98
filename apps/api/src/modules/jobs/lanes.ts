import type { Config } from '../../config';

/**
 * Background work runs in lanes, each with slots of its own, so that nothing a shop (or a stranger
 * with a public key) piles into one lane can delay another: a flood of webhook deliveries to an
 * address that never answers leaves the buyers' one-time codes their own slots.
 */
export const LANES = ['messages', 'bank', 'webhooks', 'default'] as const;
export type Lane = (typeof LANES)[number];

export interface LaneSettings {
  /** Jobs of this lane one worker runs at once. */
  concurrency: number;
  /**
   * The most of them one group (a shop, for webhook deliveries) holds at once, across every worker;
   * groups are served in turn. Undefined: first come, first served.
   */
  perGroup?: number;
}

type LaneConfig = Pick<
  Config,
  'WORKER_CONCURRENCY' | 'WORKER_MESSAGE_CONCURRENCY' | 'WORKER_BANK_CONCURRENCY' | 'WEBHOOK_SLOTS_PER_SHOP'
>;

/**
 * Each lane's slots from the settings. `concurrency` (WORKER_CONCURRENCY unless given) sizes the
 * webhook lane, whose jobs mostly wait on the network, and the default lane.
 */
export function laneSettings(config: LaneConfig, concurrency?: number): Record<Lane, LaneSettings> {
  const wide = concurrency ?? config.WORKER_CONCURRENCY;
  return {
    messages: { concurrency: config.WORKER_MESSAGE_CONCURRENCY },
    bank: { concurrency: config.WORKER_BANK_CONCURRENCY },
    webhooks: { concurrency: wide, perGroup: config.WEBHOOK_SLOTS_PER_SHOP },
    default: { concurrency: wide },
  };
}
