-- A search word of one or two characters has no trigram, so the trigram indexes (0005) cannot serve it and
-- PostgreSQL read every name and number: at size L a hint for "q" took 0.1 s. The characters of each folded
-- name and number, indexed, find those that hold every character of such a word; LIKE checks the rest.
CREATE INDEX "items_name_folded_chars" ON "items" USING gin (string_to_array("name_folded", null));--> statement-breakpoint
CREATE INDEX "versions_name_folded_chars" ON "versions" USING gin (string_to_array("name_folded", null));--> statement-breakpoint
CREATE INDEX "versions_name2_folded_chars" ON "versions" USING gin (string_to_array("name2_folded", null));--> statement-breakpoint
-- Their statistics tell PostgreSQL which characters are rare: only for those is the index worth reading.
ANALYZE "items";--> statement-breakpoint
ANALYZE "versions";
