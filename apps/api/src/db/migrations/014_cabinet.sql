-- The personal cabinet (DESIGN §12): people who log in, their sessions, the shops they belong to and
-- in which role, the one-time links sent by e-mail, and the shops' audit log. Secrets (passwords,
-- session ids, link tokens) are never stored as such: passwords as scrypt hashes, the rest as SHA-256.
CREATE TABLE cabinet_users (
  id uuid PRIMARY KEY,
  -- Lower-cased: one account per address however it is typed.
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  password_hash text NOT NULL,
  -- Null until the address is confirmed by the sign-up link; such an account cannot log in.
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cabinet_sessions (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES cabinet_users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  -- The absolute end (created_at + CABINET_SESSION_ABSOLUTE); the idle end is last_seen_at + idle.
  expires_at timestamptz NOT NULL,
  ip text,
  user_agent text
);
CREATE INDEX cabinet_sessions_user ON cabinet_sessions (user_id);
CREATE INDEX cabinet_sessions_expires ON cabinet_sessions (expires_at);

-- Sign-up confirmation and password reset links: single use (used_at), each with its end.
CREATE TABLE cabinet_tokens (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('confirm', 'reset')),
  user_id uuid NOT NULL REFERENCES cabinet_users (id) ON DELETE CASCADE,
  -- confirm: what the sign-up asked for ({name, password_hash, inn, company_name}).
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX cabinet_tokens_expires ON cabinet_tokens (expires_at);

CREATE TABLE shop_members (
  shop_id uuid NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES cabinet_users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'manager', 'developer', 'accountant')),
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (shop_id, user_id)
);
CREATE INDEX shop_members_user ON shop_members (user_id);

-- Invitations into a shop's team, bound to the invited address; open while neither accepted nor
-- revoked and before expires_at.
CREATE TABLE shop_invitations (
  id uuid PRIMARY KEY,
  shop_id uuid NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'manager', 'developer', 'accountant')),
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES cabinet_users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX shop_invitations_shop ON shop_invitations (shop_id, created_at);

-- Who did what in a shop: a user (by e-mail, kept as it was then) or an API key (its last 4
-- characters). Append-only: rows are only inserted, and deleted by the retention sweep.
CREATE TABLE audit_log (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL,
  shop_id uuid NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  actor_type text NOT NULL CHECK (actor_type IN ('user', 'key')),
  actor_email text,
  actor_key_last4 text,
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  ip text,
  created_at timestamptz NOT NULL
);
CREATE INDEX audit_log_shop ON audit_log (shop_id, seq DESC);
CREATE INDEX audit_log_created ON audit_log (created_at);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
