import { LEGACY_EVENT_TYPES } from '@b2bpay/domain';

/**
 * Where one event goes: every enabled endpoint of its shop and mode that takes its type, each signed
 * with its own secret; an order's own webhook_url stands in for the shop's legacy endpoint (as it
 * always did) and gets the types that one always got. An address gets the event once, however many
 * of these name it (the oldest endpoint's delivery).
 */
export function fanOut(
  endpoints: readonly { id: string; url: string; legacy: boolean }[],
  orderUrl: string | null,
  type: string,
): { url: string; endpointId: string | null }[] {
  const targets = endpoints
    .filter((ep) => !(orderUrl && ep.legacy))
    .map((ep) => ({ url: ep.url, endpointId: ep.id as string | null }));
  if (orderUrl && (LEGACY_EVENT_TYPES as readonly string[]).includes(type))
    targets.push({ url: orderUrl, endpointId: null });
  const seen = new Set<string>();
  return targets.filter((t) => !seen.has(t.url) && Boolean(seen.add(t.url)));
}
