-- Webhook endpoints, as Stripe and Svix have them: a shop has any number of addresses, each with its
-- own secret, its own choice of events and its own deliveries, in one mode (test or live).
--
-- Backward compatible with the version still running during a rolling restart (docs/deploy.md):
-- nothing is renamed or dropped. `webhook_endpoints` keeps what it always held — the health of an
-- address as deliveries to it go (timeouts in a row, pause, failing episode), per (shop, url) — and
-- the configured endpoints get a table of their own. `shops.webhook_url` is copied into each shop's
-- first endpoint and no longer read; a later migration drops it.

CREATE TABLE shop_webhook_endpoints (
  id uuid PRIMARY KEY,
  shop_id uuid NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  livemode boolean NOT NULL,
  url text NOT NULL,
  description text,
  -- The signing secret (whsec_…) and, during a rotation's overlap, the previous one. A legacy
  -- endpoint (the shop's webhook_url setting) has none of its own: it signs with the shop's secret
  -- (shops.webhook_secret, which also signs per-order addresses and test sends).
  secret text,
  previous_secret text,
  previous_secret_until timestamptz,
  -- Event types, or {*} for every type.
  enabled_events text[] NOT NULL,
  disabled boolean NOT NULL DEFAULT false,
  legacy boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT shop_webhook_endpoints_secret CHECK (legacy OR secret IS NOT NULL)
);
-- At most one legacy endpoint per shop and mode.
CREATE UNIQUE INDEX shop_webhook_endpoints_legacy ON shop_webhook_endpoints (shop_id, livemode) WHERE legacy;
-- The list (created_at, id) and the fan-out (shop, mode).
CREATE INDEX shop_webhook_endpoints_shop ON shop_webhook_endpoints (shop_id, livemode, created_at, id);

-- The endpoint a delivery goes to (null: an order's own address or a test send, signed with the shop's secret).
ALTER TABLE webhook_deliveries ADD COLUMN endpoint_id uuid REFERENCES shop_webhook_endpoints (id) ON DELETE SET NULL;
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC)
  WHERE endpoint_id IS NOT NULL;

-- Every shop's webhook_url becomes its first endpoint, in the shop row's mode (live; the demo shop and
-- test twins are test shops), receiving the types it received before. The endpoint is the setting now.
INSERT INTO shop_webhook_endpoints (id, shop_id, livemode, url, enabled_events, legacy, created_at, updated_at)
SELECT gen_random_uuid(), s.id, s.livemode, s.webhook_url,
       ARRAY['order.status.changed', 'order.client.updated', 'order.payment.completed',
             'order.products.updated', 'order.refund.created'],
       true, now(), now()
  FROM shops s WHERE s.webhook_url IS NOT NULL;
