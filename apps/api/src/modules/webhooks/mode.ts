import { DEMO_SHOP } from '@b2bpay/domain';
import type { RequestAuth } from '../auth';

/** The mode (test or live) a request works in: its key's, or its session's. */
export function livemodeOf(auth: RequestAuth): boolean {
  const withMode = auth as RequestAuth & { livemode?: boolean };
  return withMode.livemode ?? auth.shop.id !== DEMO_SHOP.id;
}
