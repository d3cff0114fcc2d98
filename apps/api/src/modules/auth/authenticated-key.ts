import type { Queryable } from '../../db/database';

export type KeyKind = 'secret' | 'publishable';

/** The shop an API key belongs to, as the routes of its requests see it. */
export interface KeyShop {
  id: string;
  name: string;
  email: string;
  webhook_url: string | null;
  webhook_secret: string;
  /** Origins a publishable key may be used from; empty: any. */
  widget_origins: string[];
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
