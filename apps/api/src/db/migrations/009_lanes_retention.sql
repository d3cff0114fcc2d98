-- Lanes for background work, fair webhook deliveries, endpoint health, retention.

-- Each job runs in a lane with its own slots (messages, bank, webhooks, default); a job's group (the
-- shop, for webhook deliveries) caps how many of the lane's slots one shop holds at once.
ALTER TABLE jobs ADD COLUMN lane text NOT NULL DEFAULT 'default';
ALTER TABLE jobs ADD COLUMN group_key text;
DROP INDEX jobs_due;
CREATE INDEX jobs_due ON jobs (lane, run_at) WHERE state = 'pending';
CREATE INDEX jobs_running_group ON jobs (lane, group_key) WHERE state = 'running';
-- The retention sweep finds finished jobs by age.
CREATE INDEX jobs_finished ON jobs (updated_at) WHERE state IN ('done', 'failed');

-- One row per (shop, webhook address): consecutive timeouts and the pause they earn, and whether a
-- delivery to it failed for good since its last success (the failing episode the shop is told about
-- once, and the settings page shows).
CREATE TABLE webhook_endpoints (
  shop_id uuid NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  url text NOT NULL,
  consecutive_timeouts integer NOT NULL DEFAULT 0,
  paused_until timestamptz,
  last_error text,
  last_failure_at timestamptz,
  failing_since timestamptz,
  alerted_at timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (shop_id, url)
);

-- Bulk re-send and retention read deliveries by state and age.
CREATE INDEX webhook_deliveries_shop_failed ON webhook_deliveries (shop_id, created_at) WHERE status = 'failed';
CREATE INDEX webhook_attempts_started ON webhook_attempts (started_at);
CREATE INDEX events_created ON events (created_at);
CREATE INDEX notifications_finished ON notifications (created_at) WHERE status IN ('sent', 'failed');
CREATE INDEX verification_codes_expires ON verification_codes (expires_at);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
