import { isValidRublesAmount } from '@b2bpay/domain';
import { z } from 'zod';

// What the sandbox reads of B2BPay's messages (the bank protocol's outbound side). Only the fields it
// acts on are checked; anything else in a message is left alone, so B2BPay may add fields freely.

const id = z.string().min(1).max(255);
const roubles = z.number().refine(isValidRublesAmount, 'roubles, ≥ 0, at most 2 decimals');

const applicationCreated = z.object({
  type: z.literal('application.created'),
  data: z.object({
    application_id: id,
    order: z.object({ id, amount: roubles }),
    buyer: z.object({ email: z.string() }),
  }),
});

const applicationWithdrawn = z.object({
  type: z.literal('application.withdrawn'),
  data: z.object({ application_id: id, reason: z.string().optional() }),
});

const offerAccepted = z.object({
  type: z.literal('offer.accepted'),
  data: z.object({ application_id: id, offer_id: id }),
});

const refundCreated = z.object({
  type: z.literal('refund.created'),
  data: z.object({ application_id: id, refund_id: id, amount: roubles }),
});

const knownMessage = z.discriminatedUnion('type', [
  applicationCreated,
  applicationWithdrawn,
  offerAccepted,
  refundCreated,
]);

export type BankMessage = z.infer<typeof knownMessage>;

const envelope = z.object({ type: z.string().min(1), data: z.record(z.string(), z.unknown()) });

export const KNOWN_TYPES: readonly string[] = knownMessage.options.map((option) => option.shape.type.value);

/**
 * The message in a body: `{ok: true, message}` for a type the sandbox acts on, `{ok: true, message: null}`
 * for a well-formed message of another type (acknowledged and ignored, as receivers of webhooks should),
 * `{ok: false}` for a body that is not JSON, not a message, or a known type with data it cannot use.
 */
export function parseMessage(
  rawBody: string,
): { ok: true; message: BankMessage | null } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, problem: 'body is not JSON' };
  }
  const outer = envelope.safeParse(json);
  if (!outer.success) return { ok: false, problem: 'not a {type, data} message' };
  if (!KNOWN_TYPES.includes(outer.data.type)) return { ok: true, message: null };
  const parsed = knownMessage.safeParse(json);
  if (!parsed.success) return { ok: false, problem: `${outer.data.type}: ${z.prettifyError(parsed.error)}` };
  return { ok: true, message: parsed.data };
}
