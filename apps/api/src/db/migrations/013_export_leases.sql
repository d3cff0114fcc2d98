-- At most one CSV export of a shop streams at a time, over every API process: a running export holds
-- its shop's row. The row is deleted when the export ends; `expires_at` (pushed on with every batch
-- read) frees the shop of an export whose process died without ending it.
CREATE TABLE export_leases (
  shop_id uuid PRIMARY KEY REFERENCES shops (id) ON DELETE CASCADE,
  holder uuid NOT NULL,
  expires_at timestamptz NOT NULL
);
