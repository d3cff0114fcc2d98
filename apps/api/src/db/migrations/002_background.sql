-- Background work: one durable job table, claimed with FOR UPDATE SKIP LOCKED by any number of
-- workers. A job whose worker died is claimed again once its lease (locked_until) has passed.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  run_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE state = 'pending';
CREATE INDEX jobs_leased ON jobs (locked_until) WHERE state = 'running';

-- One row per (event, endpoint); attempts are logged in webhook_attempts.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  shop_id uuid NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  order_id uuid REFERENCES orders (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  url text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_error text,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_shop ON webhook_deliveries (shop_id, created_at DESC);
CREATE INDEX webhook_deliveries_order ON webhook_deliveries (order_id, created_at DESC);

CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  status_code integer,
  error text,
  UNIQUE (delivery_id, attempt)
);

-- E-mail and SMS outbox. Without SMTP (development) the stored rows are the outbox shown at /dev/outbox.
CREATE TABLE notifications (
  id uuid PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  kind text NOT NULL,
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  order_id uuid REFERENCES orders (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  transport text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_created ON notifications (created_at DESC);

-- One-time codes, stored hashed. Only the newest code of an order's channel is valid.
CREATE TABLE verification_codes (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  destination text NOT NULL,
  code_hash text NOT NULL,
  ip text,
  wrong_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  voided_at timestamptz
);
CREATE INDEX verification_codes_order ON verification_codes (order_id, channel, created_at DESC);
CREATE INDEX verification_codes_destination ON verification_codes (destination, created_at DESC);
CREATE INDEX verification_codes_ip ON verification_codes (ip, created_at DESC);

-- 152-FZ: each consent is kept with when, from where and to which document version it was given.
CREATE TABLE consents (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  client_id bigint NOT NULL REFERENCES clients (id),
  kind text NOT NULL CHECK (kind IN ('personal_data', 'bank_transfer')),
  document_version text NOT NULL,
  ip text,
  user_agent text,
  given_at timestamptz NOT NULL
);
CREATE INDEX consents_order ON consents (order_id);

CREATE TABLE bank_applications (
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  bank text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  submitted_at timestamptz NOT NULL,
  decided_at timestamptz,
  paid_at timestamptz,
  PRIMARY KEY (order_id, bank)
);

ALTER TABLE orders ADD COLUMN reminder_sent_at timestamptz;
CREATE INDEX orders_awaiting_deadline ON orders (deadline_at) WHERE status = 'client_expected';
