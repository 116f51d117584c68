-- pg_trgm splits a text into words at every character that is neither letter nor digit, so a word with
-- punctuation ("1.3", "mat-12") has trigrams only of its parts ("1", "3"), found in most version numbers:
-- at size L a hint for "1.3" rechecked 70,000 names and numbers (0.13 s). dp_joined turns each such
-- character into a letter, joining the parts into one word whose trigrams ("1q3") are rare: ".", "-" and
-- "/" each into their own ("q", "z", "j"), so that "2.0" is not looked for among the "-0" of "MAT-12-01",
-- and every other one into "x". It maps character by character, so a text that contains a word also
-- contains it joined: its index finds a superset, and the LIKE on the folded column keeps only the real
-- matches. Its output has no %, _ or \ (all turned into letters), so it is a LIKE pattern as it stands.
CREATE OR REPLACE FUNCTION public.dp_joined(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select regexp_replace(translate(value, '.-/', 'qzj'), '[^[:alnum:][:space:]]', 'x', 'g') $$;--> statement-breakpoint
CREATE INDEX "items_name_folded_joined_trgm" ON "items" USING gin (dp_joined("name_folded") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "versions_name_folded_joined_trgm" ON "versions" USING gin (dp_joined("name_folded") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "versions_name2_folded_joined_trgm" ON "versions" USING gin (dp_joined("name2_folded") gin_trgm_ops);--> statement-breakpoint
-- Their statistics tell PostgreSQL how rare each joined word is.
ANALYZE "items";--> statement-breakpoint
ANALYZE "versions";
