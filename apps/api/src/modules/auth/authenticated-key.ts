import type { CabinetRole } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';

export type KeyKind = 'secret' | 'publishable';

/** The shop an API key belongs to, as the routes of its requests see it. */
export interface KeyShop {
  id: string;
  name: string;
  email: string;
  webhook_secret: string;
  /** Origins a publishable key may be used from; empty: any. */
  widget_origins: string[];
  /** Suspended by B2BPay's staff (DESIGN §14): its keys and sessions are refused. */
  suspended: boolean;
  /**
   * The mode this shop row is (DESIGN §16): a live shop, or a test one (a live shop's test twin, or
   * the demo shop). Everything read by shop id stays within its mode.
   */
  livemode: boolean;
  /** A test twin's live shop: the id the shop knows itself by, accepted as `shop_id` in test mode too. */
  live_shop_id?: string | null;
}

export interface AuthenticatedKey {
  shop: KeyShop;
  kind: KeyKind;
  /** When a rotated-out key stops working (rotation with an overlap); null: no end. */
  expires_at: Date | null;
}

/**
 * The valid key with this hash at `now` (not revoked, not past its end). Keys are the shops module's:
 * the composition root hands its lookup to the authenticator, so auth depends on no module.
 */
export type FindKey = (db: Queryable, hash: string, now: Date) => Promise<AuthenticatedKey | null>;

/** A logged-in person of the personal cabinet, as a valid session names them. */
export interface SessionPrincipal {
  session_id: string;
  user: { id: string; email: string; name: string };
  csrf_token: string;
}

/** Who made a request, as the audit log names them: a user by e-mail or a key by its last 4 characters. */
export type Actor =
  | { type: 'key'; key_last4: string }
  | { type: 'user'; user_id: string; email: string; role: CabinetRole };

/**
 * The cabinet's sessions and memberships, as the authenticator asks for them. They are the cabinet
 * module's tables: the composition root hands these in, so auth still depends on no module.
 */
export interface SessionAccess {
  /** The valid session (neither idle nor past its absolute end) whose id hashes to this; touches it. */
  findSession(db: Queryable, tokenHash: string, now: Date): Promise<SessionPrincipal | null>;
  /**
   * The user's role in the shop and the shop row of the mode asked for (its test twin for test; a
   * shop without the other mode, the demo shop, answers with itself), or null when not a member.
   */
  findMembership(
    db: Queryable,
    userId: string,
    shopId: string,
    livemode?: boolean,
  ): Promise<{ role: CabinetRole; shop: KeyShop } | null>;
}
