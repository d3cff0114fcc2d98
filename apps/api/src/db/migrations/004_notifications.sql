-- Notifications: an HTML alternative for e-mails, the time of the next retry (shown at /dev/outbox),
-- and an insertion sequence so rows written at the same instant keep a stable order.
ALTER TABLE notifications ADD COLUMN html text;
ALTER TABLE notifications ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE notifications ADD COLUMN updated_at timestamptz;
ALTER TABLE notifications ADD COLUMN seq bigserial;
DROP INDEX notifications_created;
CREATE INDEX notifications_latest ON notifications (created_at DESC, seq DESC);
CREATE INDEX notifications_order ON notifications (order_id, created_at DESC);
