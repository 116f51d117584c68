-- Saving a version's table rewrote every changed compatibility's entry in all four of its indexes,
-- because one of them was on compatibility_info_id: a 500-row save spent 7.6 ms of PostgreSQL in that
-- update, 4.0 ms without (issue 14). No read used that index (a handful of obligation texts share every
-- row); without it, and with a tenth of each page left free, such an update stays on its page and
-- touches no index (a HOT update).
DROP INDEX IF EXISTS "compatibilities_info_idx";--> statement-breakpoint
ALTER TABLE "compatibilities" SET (fillfactor = 90);
