-- A total order of events for the live stream (Last-Event-ID) across processes.
ALTER TABLE events ADD COLUMN seq bigserial;
CREATE UNIQUE INDEX events_seq ON events (seq);
CREATE INDEX events_shop_seq ON events (shop_id, seq);

-- Statistics read a shop's orders by creation time; the covering columns keep it an index-only scan.
CREATE INDEX orders_shop_created_stats ON orders (shop_id, created_at)
  INCLUDE (status, amount_kopecks, link_opened_at, submitted_at, updated_at);
