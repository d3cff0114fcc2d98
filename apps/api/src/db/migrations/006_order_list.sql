-- The order list on large shops: an exact count that does not count a million rows, and an
-- order-number substring search that does not read them.

-- Substring search on the order number (`order_number::text LIKE '%…%'`): a trigram index on exactly
-- that expression. pg_trgm is in PostgreSQL's contrib (trusted: a database owner may create it) and is
-- loaded into PGlite by db/pglite.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX orders_number_trgm ON orders USING gin ((order_number::text) gin_trgm_ops);

-- Orders per shop, calendar day of creation (Moscow time, UTC+3, like the list's date filters) and
-- status. Row triggers keep it in the same transaction as every insert, status change and delete of an
-- order, whoever makes it; the list sums it instead of counting rows.
CREATE TABLE order_counts (
  shop_id uuid NOT NULL,
  day date NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (shop_id, day, status)
);

CREATE FUNCTION order_counts_day(ts timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ((ts AT TIME ZONE 'UTC') + interval '3 hours')::date $$;

CREATE FUNCTION order_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_day date;
  new_day date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_counts AS c (shop_id, day, status, n)
      VALUES (NEW.shop_id, order_counts_day(NEW.created_at), NEW.status, 1)
      ON CONFLICT (shop_id, day, status) DO UPDATE SET n = c.n + 1;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE order_counts SET n = n - 1
     WHERE shop_id = OLD.shop_id AND day = order_counts_day(OLD.created_at) AND status = OLD.status;
    RETURN NULL;
  END IF;
  old_day := order_counts_day(OLD.created_at);
  new_day := order_counts_day(NEW.created_at);
  -- Two counter rows change: lock them in one global order so racing transitions cannot deadlock.
  INSERT INTO order_counts AS c (shop_id, day, status, n)
    SELECT v.shop_id, v.day, v.status, v.delta
      FROM (VALUES (OLD.shop_id, old_day, OLD.status, -1), (NEW.shop_id, new_day, NEW.status, 1))
           AS v (shop_id, day, status, delta)
     ORDER BY v.shop_id, v.day, v.status
    ON CONFLICT (shop_id, day, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_count_insert AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION order_counts_track();
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION order_counts_track();
CREATE TRIGGER orders_count_update AFTER UPDATE OF shop_id, status, created_at ON orders
  FOR EACH ROW
  WHEN (OLD.shop_id IS DISTINCT FROM NEW.shop_id OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION order_counts_track();

INSERT INTO order_counts (shop_id, day, status, n)
  SELECT shop_id, order_counts_day(created_at), status, count(*) FROM orders GROUP BY 1, 2, 3;
