-- The order list's search (`q`): number, buyer's company and INN, product name, external_id, without
-- regard to case in Russian too. lower() folds only ASCII under the C locale (PGlite's default), so
-- search_fold() folds Cyrillic capitals (and ё) itself; the same function folds the text searched for.
CREATE FUNCTION search_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(translate(t, 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе')) $$;

-- Substring search reads these trigram indexes once (pg_trgm: migration 006) instead of every row.
CREATE INDEX order_products_name_trgm ON order_products USING gin (search_fold(name) gin_trgm_ops);
CREATE INDEX clients_organization_trgm ON clients USING gin (search_fold(organization_name) gin_trgm_ops);
CREATE INDEX clients_inn_trgm ON clients USING gin (inn gin_trgm_ops);
