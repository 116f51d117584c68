-- Item names in natural order ("APS-1003" before "APS-10018") everywhere, as the web app shows them and as an
-- item's versions already are (0006): listings and pages read a kind's items in that order here, and so
-- do the hints and the full search, which walked the ICU index this one replaces.
DROP INDEX "items_kind_name_icu_idx";--> statement-breakpoint
CREATE INDEX "items_kind_name_natural_idx" ON "items" USING btree ("kind",("name" collate "dp_natural"),"id");