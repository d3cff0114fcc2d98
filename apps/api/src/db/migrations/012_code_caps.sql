-- One-time codes are capped per shop per hour and per day (verification.service.ts): each code names
-- its order's shop, counted through this index from every API process; a shop that reaches its cap is
-- e-mailed at most once an hour, remembered here.
ALTER TABLE verification_codes ADD COLUMN shop_id uuid;
UPDATE verification_codes c SET shop_id = o.shop_id FROM orders o WHERE o.id = c.order_id;
ALTER TABLE verification_codes ALTER COLUMN shop_id SET NOT NULL;
CREATE INDEX verification_codes_shop ON verification_codes (shop_id, created_at DESC);

CREATE TABLE code_cap_alerts (
  shop_id uuid PRIMARY KEY REFERENCES shops (id) ON DELETE CASCADE,
  alerted_at timestamptz NOT NULL
);
