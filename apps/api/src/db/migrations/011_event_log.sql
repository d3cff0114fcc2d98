-- The event log (GET /api/order/events): a reader pages through a shop's events with a
-- cursor that must never skip one. `seq` is taken at insert, so a transaction that commits late can
-- show a lower seq after a higher one was read. Each event keeps the id of the transaction that wrote
-- it: the log lists only events whose transaction is older than every transaction still running
-- (pg_snapshot_xmin), in (xid, seq) order, so whatever commits later sorts after what was already read.
-- Events written before this migration all get the migration's own transaction id (ordered by seq).
ALTER TABLE events ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX events_shop_xid ON events (shop_id, xid, seq);

-- The order list's `updated_since`: a shop's orders changed since a moment.
CREATE INDEX orders_shop_updated ON orders (shop_id, updated_at);
