-- Webhooks are retried for up to 3 days: a failing address gets a letter when its failing episode
-- opens and a last one when a delivery to it is given up. This marks that the last one went out.
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS given_up_alerted_at timestamptz;
