-- Amount integrity, key rotation with overlap, widget origins.

-- The order's version: 1 at creation, +1 on every change of its products. The buyer's submission
-- names the version it saw (order_version); another one is refused with ORDER_CHANGED.
ALTER TABLE orders ADD COLUMN version integer NOT NULL DEFAULT 1;

-- New orders must cost something. NOT VALID: rows written before this rule are left as they are.
ALTER TABLE orders ADD CONSTRAINT orders_amount_positive CHECK (amount_kopecks > 0) NOT VALID;

-- What the buyer agreed to: the amount and the order version at the moment of consent. The bank
-- application is made for exactly this amount.
ALTER TABLE consents ADD COLUMN amount_kopecks bigint;
ALTER TABLE consents ADD COLUMN order_version integer;

-- A rotated key may keep working until expires_at (rotation without an outage); NULL: no end.
ALTER TABLE api_keys ADD COLUMN expires_at timestamptz;

-- During a webhook-secret rotation every delivery is signed with both secrets until this time.
ALTER TABLE shops ADD COLUMN previous_webhook_secret text;
ALTER TABLE shops ADD COLUMN previous_webhook_secret_until timestamptz;

-- Origins (https://…) from which the shop's publishable key may be used; empty: any origin.
ALTER TABLE shops ADD COLUMN widget_origins text[] NOT NULL DEFAULT '{}';
