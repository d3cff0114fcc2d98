-- The buyer's way back to the shop (return_url after the application, cancel_url before it): pages
-- the buyer's browser follows, given at creation and never changed; null when the shop gave none.
ALTER TABLE orders ADD COLUMN return_url text;
ALTER TABLE orders ADD COLUMN cancel_url text;
