-- Test and live (DESIGN §16). A mode is a data space of its own: a shop's test mode is a second shop
-- row (its test twin, `live_shop_id` naming the real one) with its own keys, orders, events,
-- settings and webhooks, so nothing that is read by shop can mix the two. The demo shop is a test
-- shop without a live one. Keys issued before this are live keys (the demo shop's are test keys).
ALTER TABLE shops ADD COLUMN livemode boolean NOT NULL DEFAULT true;
ALTER TABLE shops ADD COLUMN live_shop_id uuid REFERENCES shops (id) ON DELETE CASCADE;
ALTER TABLE shops ADD CONSTRAINT shops_test_twin CHECK (live_shop_id IS NULL OR NOT livemode);
CREATE UNIQUE INDEX shops_live_shop ON shops (live_shop_id) WHERE live_shop_id IS NOT NULL;
UPDATE shops SET livemode = false WHERE is_demo;
-- Every live shop gets its test twin now (its keys come when the shop asks for them). The webhook
-- secret is 32 bytes from gen_random_uuid (PostgreSQL's strong random source), as whsec_ + base64.
INSERT INTO shops (id, name, email, webhook_secret, livemode, live_shop_id, created_at)
SELECT gen_random_uuid(), s.name, s.email,
       'whsec_' || encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'),
       false, s.id, s.created_at
  FROM shops s WHERE s.livemode;

-- Every order says which mode it was made in (its shop's): the order object and its webhooks carry it.
ALTER TABLE orders ADD COLUMN livemode boolean NOT NULL DEFAULT true;
UPDATE orders SET livemode = false WHERE shop_id IN (SELECT id FROM shops WHERE NOT livemode);

-- Test orders go to sandbox banks only; live orders to real banks (to the sandbox only where no real
-- bank is configured at all: development and tests).
ALTER TABLE banks ADD COLUMN sandbox boolean NOT NULL DEFAULT false;
