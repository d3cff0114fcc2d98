-- Webhook delivery bookkeeping.
-- An attempt is logged when it starts (duration_ms NULL until it ends), in the same transaction that
-- takes its number from the delivery row, so a worker that dies mid-attempt leaves a visible,
-- numbered, unfinished attempt and the next worker continues with the next number.
ALTER TABLE webhook_attempts ALTER COLUMN duration_ms DROP NOT NULL;

-- Attempts made before the current retry series: a manual re-send starts the schedule over while
-- attempt numbers keep counting up.
ALTER TABLE webhook_deliveries ADD COLUMN schedule_start integer NOT NULL DEFAULT 0;

CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
