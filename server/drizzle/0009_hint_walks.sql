-- Hints answer a frequent word ("a", "a2v", a number's start) from the first hits in hint order, not by
-- sorting every match (issue 14: "a" took 0.5 s at size L). The ICU order of items lets a hint walk the
-- items in its own order and stop; the prefix indexes find the names and numbers that start with the word,
-- which the trigram indexes cannot tell from a word inside a number ("mat-87707-01" for "01").
CREATE INDEX "items_name_folded_prefix" ON "items" USING btree ("name_folded" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "items_kind_name_icu_idx" ON "items" USING btree ("kind","name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "versions_name_folded_prefix" ON "versions" USING btree ("name_folded" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "versions_name2_folded_prefix" ON "versions" USING btree ("name2_folded" text_pattern_ops);