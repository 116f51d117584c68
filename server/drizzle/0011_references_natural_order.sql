-- The References table pages through GET /api/references/page (issue 14): its default order, reference names in
-- natural order, is read from this index, so a page costs its rows.
CREATE INDEX "references_natural_order_idx" ON "references" USING btree (("reference" collate "dp_natural"),"id");