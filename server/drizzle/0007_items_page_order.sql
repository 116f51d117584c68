-- The base-data tables page through GET /api/{kind}/page sorted by creation time, modification time or
-- last editor too (issue 14): read in order from an index, a page costs its rows, not the whole kind.
CREATE INDEX "items_kind_creation_idx" ON "items" USING btree ("kind","creation_time","id");--> statement-breakpoint
CREATE INDEX "items_kind_modification_idx" ON "items" USING btree ("kind","modification_time","id");--> statement-breakpoint
CREATE INDEX "items_kind_editor_idx" ON "items" USING btree ("kind","updated_by","id");