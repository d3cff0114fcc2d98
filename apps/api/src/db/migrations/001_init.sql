-- Shops and their keys. Keys are stored as SHA-256 hashes; key_hint is what the shop area may show.
CREATE TABLE shops (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  webhook_url text,
  webhook_secret text NOT NULL,
  last_order_number bigint NOT NULL DEFAULT 0,
  is_demo boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id bigserial PRIMARY KEY,
  shop_id uuid NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('secret', 'publishable')),
  key_hash text NOT NULL UNIQUE,
  key_hint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX api_keys_shop ON api_keys (shop_id);

-- The buyer: one per order, created by the shop's prefill or by the buyer's step 1.
CREATE TABLE clients (
  id bigserial PRIMARY KEY,
  email text,
  phone_number text,
  name text,
  surname text,
  middlename text,
  full_name text,
  inn text,
  organization_name text,
  email_confirmed boolean NOT NULL DEFAULT false,
  sms_confirmed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orders (
  id uuid PRIMARY KEY,
  shop_id uuid NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  order_number bigint NOT NULL,
  status text NOT NULL,
  amount_kopecks bigint NOT NULL CHECK (amount_kopecks >= 0),
  webhook_url text,
  client_id bigint REFERENCES clients (id),
  deadline_at timestamptz NOT NULL,
  link_opened_at timestamptz,
  submitted_at timestamptz,
  event_sequence integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shop_id, order_number)
);
CREATE INDEX orders_shop_created ON orders (shop_id, created_at DESC, id DESC);
CREATE INDEX orders_shop_status_created ON orders (shop_id, status, created_at DESC, id DESC);
CREATE INDEX orders_client ON orders (client_id);

CREATE TABLE order_products (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  price_kopecks bigint NOT NULL CHECK (price_kopecks >= 0),
  quantity integer NOT NULL CHECK (quantity > 0)
);
CREATE INDEX order_products_order ON order_products (order_id, position);

CREATE TABLE order_status_history (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  actor text NOT NULL,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_status_history_order ON order_status_history (order_id, id);

-- Transactional outbox: written in the same transaction as the change it announces.
CREATE TABLE events (
  id uuid PRIMARY KEY,
  shop_id uuid NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  order_id uuid REFERENCES orders (id) ON DELETE CASCADE,
  type text NOT NULL,
  sequence integer NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_shop_created ON events (shop_id, created_at);
CREATE INDEX events_order ON events (order_id, sequence);

CREATE TABLE enquiries (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  phone text NOT NULL,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
  shop_id uuid NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done')),
  response_status integer,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, key)
);
