-- Webhook endpoints, as Stripe and Svix have them: a shop has any number of addresses, each with its
-- own secret, its own choice of events and its own deliveries, in one mode (test or live).

-- What was called webhook_endpoints is the health of an address as deliveries to it go (timeouts in a
-- row, pause, failing episode): per (shop, url), whichever endpoint or order sends there.
ALTER TABLE webhook_endpoints RENAME TO webhook_address_health;
ALTER TABLE webhook_address_health RENAME CONSTRAINT webhook_endpoints_pkey TO webhook_address_health_pkey;

CREATE TABLE webhook_endpoints (
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
  CONSTRAINT webhook_endpoints_secret CHECK (legacy OR secret IS NOT NULL)
);
-- At most one legacy endpoint per shop and mode.
CREATE UNIQUE INDEX webhook_endpoints_legacy ON webhook_endpoints (shop_id, livemode) WHERE legacy;
-- The list (created_at, id) and the fan-out (shop, mode).
CREATE INDEX webhook_endpoints_shop ON webhook_endpoints (shop_id, livemode, created_at, id);

-- The endpoint a delivery goes to (null: an order's own address or a test send, signed with the shop's secret).
ALTER TABLE webhook_deliveries ADD COLUMN endpoint_id uuid REFERENCES webhook_endpoints (id) ON DELETE SET NULL;
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC)
  WHERE endpoint_id IS NOT NULL;

-- Every shop's webhook_url becomes its first endpoint, in the shop row's mode (live; the demo shop and
-- test twins are test shops), receiving the types it received before. The column goes: the endpoint
-- is the setting now.
INSERT INTO webhook_endpoints (id, shop_id, livemode, url, enabled_events, legacy, created_at, updated_at)
SELECT gen_random_uuid(), s.id, s.livemode, s.webhook_url,
       ARRAY['order.status.changed', 'order.client.updated', 'order.payment.completed',
             'order.products.updated', 'order.refund.created'],
       true, now(), now()
  FROM shops s WHERE s.webhook_url IS NOT NULL;
ALTER TABLE shops DROP COLUMN webhook_url;
