-- Life after the decision (DESIGN §11): cancel, refunds, payouts, the shop's own reference.

-- The shop's own order reference (unique per shop, when given) and free-form string pairs.
ALTER TABLE orders ADD COLUMN external_id text;
ALTER TABLE orders ADD COLUMN metadata jsonb;
CREATE UNIQUE INDEX orders_shop_external_id ON orders (shop_id, external_id) WHERE external_id IS NOT NULL;

-- What has been returned so far; never more than the amount (the refund's conditional UPDATE keeps it).
ALTER TABLE orders ADD COLUMN refunded_kopecks bigint NOT NULL DEFAULT 0;
ALTER TABLE orders ADD CONSTRAINT orders_refund_within_amount
  CHECK (refunded_kopecks >= 0 AND refunded_kopecks <= amount_kopecks);

-- The payout of a paid order: which bank paid, how much reached the shop, the fee, the payment order.
ALTER TABLE orders ADD COLUMN payout_bank text;
ALTER TABLE orders ADD COLUMN payout_kopecks bigint;
ALTER TABLE orders ADD COLUMN payout_fee_kopecks bigint;
ALTER TABLE orders ADD COLUMN payout_reference text;
ALTER TABLE orders ADD COLUMN paid_at timestamptz;

-- A bank told to withdraw its application (the order was cancelled) answers no more.
ALTER TABLE bank_applications ADD COLUMN withdrawn_at timestamptz;

CREATE TABLE refunds (
  id uuid PRIMARY KEY,
  -- Returns of one order taken within one clock tick still list in the order they were taken.
  seq bigserial NOT NULL,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  shop_id uuid NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  amount_kopecks bigint NOT NULL CHECK (amount_kopecks > 0),
  reason text NOT NULL,
  products jsonb NOT NULL DEFAULT '[]',
  -- The paying bank's reference for the return (its adapter's answer).
  bank_reference text,
  created_at timestamptz NOT NULL
);
CREATE INDEX refunds_order ON refunds (order_id, seq);
