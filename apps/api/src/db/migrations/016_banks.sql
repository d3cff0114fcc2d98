-- Partner banks are outside systems reached over HTTP (DESIGN §13): each is a record with its own
-- signing secret (what we send is signed with it) and API key (stored hashed; what it sends carries it).
-- During a rotation the previous key and secret keep working until previous_valid_until.
CREATE TABLE banks (
  id text PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9_-]{1,31}$'),
  name text NOT NULL,
  endpoint_url text NOT NULL,
  decision_sla_seconds integer NOT NULL CHECK (decision_sla_seconds > 0),
  enabled boolean NOT NULL DEFAULT true,
  api_key_hash text NOT NULL UNIQUE,
  signing_secret text NOT NULL,
  previous_api_key_hash text UNIQUE,
  previous_signing_secret text,
  previous_valid_until timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Each bank's application gets an id of its own (the bank API addresses it), the moment its answer is
-- due, the bank's reason for a refusal, the offer the buyer accepted and the bank's payment.
ALTER TABLE bank_applications ADD COLUMN id uuid;
UPDATE bank_applications SET id = gen_random_uuid() WHERE id IS NULL;
ALTER TABLE bank_applications ALTER COLUMN id SET NOT NULL;
CREATE UNIQUE INDEX bank_applications_id ON bank_applications (id);
CREATE INDEX bank_applications_bank ON bank_applications (bank, id);
ALTER TABLE bank_applications ADD COLUMN respond_by timestamptz;
ALTER TABLE bank_applications ADD COLUMN reason text;
ALTER TABLE bank_applications ADD COLUMN accepted_offer_id uuid;
ALTER TABLE bank_applications ADD COLUMN payment_kopecks bigint;
ALTER TABLE bank_applications ADD COLUMN payment_reference text;
ALTER TABLE bank_applications ADD COLUMN payment_paid_at timestamptz;
ALTER TABLE bank_applications DROP CONSTRAINT bank_applications_status_check;
ALTER TABLE bank_applications ADD CONSTRAINT bank_applications_status_check
  CHECK (status IN ('pending', 'approved', 'rejected', 'expired', 'withdrawn'));

-- What a bank offers with its approval; amounts in kopecks. bank_offer_id is the bank's own name for it.
CREATE TABLE bank_offers (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES bank_applications (id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  bank text NOT NULL,
  bank_offer_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deferral', 'instalments')),
  term_days integer,
  term_months integer,
  fee_kopecks bigint NOT NULL CHECK (fee_kopecks >= 0),
  monthly_payment_kopecks bigint,
  valid_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (application_id, bank_offer_id)
);
CREATE INDEX bank_offers_order ON bank_offers (order_id);

-- The buyer's simple electronic signature of one offer: the code (hashed), when, from where, with what,
-- and the offer's full text as it was shown. One per order: the first accepted offer wins.
CREATE TABLE offer_signatures (
  order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  offer_id uuid NOT NULL REFERENCES bank_offers (id) ON DELETE CASCADE,
  client_id bigint NOT NULL,
  phone text NOT NULL,
  code_hash text NOT NULL,
  signed_at timestamptz NOT NULL,
  ip text,
  user_agent text,
  offer_text text NOT NULL
);

-- The refund's confirmation by the paying bank (its reference arrives with it).
ALTER TABLE refunds ADD COLUMN bank_confirmed_at timestamptz;

-- What we send each bank (application.created, …): one row per message, delivered by a job with
-- retries and recorded like a shop's webhook deliveries.
CREATE TABLE bank_messages (
  id uuid PRIMARY KEY,
  bank text NOT NULL,
  application_id uuid,
  type text NOT NULL,
  body text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_error text,
  last_duration_ms integer,
  created_at timestamptz NOT NULL,
  last_attempt_at timestamptz,
  delivered_at timestamptz
);
CREATE INDEX bank_messages_bank ON bank_messages (bank, created_at DESC);

-- A bank's Idempotency-Key answers, as idempotency_keys keeps a shop's.
CREATE TABLE bank_idempotency_keys (
  bank text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done')),
  response_status integer,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bank, key)
);

-- A one-time code may now also sign an offer (channel 'sign', sent by SMS to the confirmed phone).
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_channel_check;
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_channel_check
  CHECK (channel IN ('sms', 'email', 'sign'));
