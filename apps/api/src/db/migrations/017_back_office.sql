-- The back office (DESIGN §14): B2BPay's own staff, their sessions (the same mechanism as the
-- cabinet's, on a table and cookie of their own), their one-time set-password links and their audit log;
-- the landing's enquiries become leads; a shop can be suspended.
CREATE TABLE staff_users (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('admin', 'sales', 'risk', 'support')),
  -- Null until the person sets it through the CLI's one-time link.
  password_hash text,
  created_at timestamptz NOT NULL
);

CREATE TABLE staff_sessions (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ip text,
  user_agent text
);
CREATE INDEX staff_sessions_user ON staff_sessions (user_id);
CREATE INDEX staff_sessions_expires ON staff_sessions (expires_at);

CREATE TABLE staff_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Every staff action: who (e-mail as it was then), what, when, from where. Append-only.
CREATE TABLE staff_audit (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL,
  actor_email text NOT NULL,
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  ip text,
  created_at timestamptz NOT NULL
);
CREATE INDEX staff_audit_seq ON staff_audit (seq DESC);

ALTER TABLE enquiries ADD COLUMN status text NOT NULL DEFAULT 'new'
  CHECK (status IN ('new', 'in_progress', 'won', 'lost'));
ALTER TABLE enquiries ADD COLUMN owner_email text;
ALTER TABLE enquiries ADD COLUMN notes jsonb NOT NULL DEFAULT '[]';
ALTER TABLE enquiries ADD COLUMN shop_id uuid REFERENCES shops (id) ON DELETE SET NULL;
ALTER TABLE enquiries ADD COLUMN updated_at timestamptz;
CREATE INDEX enquiries_status ON enquiries (status, created_at DESC);

ALTER TABLE shops ADD COLUMN suspended_at timestamptz;
ALTER TABLE shops ADD COLUMN suspended_reason text;
ALTER TABLE shops ADD COLUMN suspended_by text;
ALTER TABLE shops ADD COLUMN inn text;

-- When each key was last used (noted at most once a minute): the back office shows it.
ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz;
