-- Versions list in natural order ("2.9" before "2.10", versions without a number after those with one)
-- straight from an index, so a keyset page reads only its rows instead of sorting the whole kind with a
-- regular expression per row (issue 14). The ICU collation compares runs of digits as numbers;
-- PostgreSQL's ICU support (in embedded-postgres and Debian's packages) provides it.
CREATE COLLATION IF NOT EXISTS "dp_natural" (provider = icu, locale = 'und-u-kn-true');--> statement-breakpoint
CREATE INDEX "versions_natural_order_idx" ON "versions" USING btree ("item_id",("name" is null),(coalesce("name", '') collate "dp_natural"),("name2" is null),(coalesce("name2", '') collate "dp_natural"),"id");