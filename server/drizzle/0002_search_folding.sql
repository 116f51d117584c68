-- Search matches case-, accent- and whitespace-insensitively (SPEC 5). The same rule as fold() in
-- contract/src/text.ts; unaccent is named with its schema so the function can be IMMUTABLE.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dp_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, value)), '\s+', ' ', 'g')) $$;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (dp_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (dp_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "name2_folded" text GENERATED ALWAYS AS (dp_fold(name2)) STORED;