-- Search (SPEC 5) answered from indexes: trigrams of the folded names serve LIKE '%word%', so a
-- substring search reads only the rows that can match; pg_trgm ships with PostgreSQL's contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "items_name_folded_trgm" ON "items" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "versions_item_idx" ON "versions" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "versions_name_folded_trgm" ON "versions" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "versions_name2_folded_trgm" ON "versions" USING gin ("name2_folded" gin_trgm_ops);