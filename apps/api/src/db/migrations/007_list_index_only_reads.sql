-- The order list on large shops, continued: two reads that went to the heap row by row.

-- The per-day counters of one shop (two years × six statuses ≈ 4,400 rows) lie scattered among every
-- other shop's counters, one heap page each: summing them read ~900 pages. With the count in the index,
-- the sum is an index-only scan over the shop's (and status's) entries.
CREATE INDEX order_counts_shop_status_day ON order_counts (shop_id, status, day) INCLUDE (n);

-- A status filter with a number search is counted by rows; with the number in the status index those
-- rows are checked in the index instead of fetched one by one. Replaces the index of 001 (same keys).
CREATE INDEX orders_shop_status_created_number ON orders (shop_id, status, created_at DESC, id DESC)
  INCLUDE (order_number);
DROP INDEX orders_shop_status_created;
