-- Issue 41: the history becomes append-only. A change adds the row's new version, a delete a tombstone
-- (deleted = true), each with the time it became valid; a version is valid until the next version of the
-- same row. Before, each change also closed the version it replaced (an UPDATE of valid_to that found it
-- among all the row's versions and wrote a new tuple with an entry in every index): a 500-row save took
-- 2.6 times as long as without the history, against the 1.3 the issue allows.
--
-- The asof views find the version valid at dp_at() as the newest one not after it: a probe per row found
-- into the copy of the row's key with valid_from (an index-only scan), as an anti-join: its estimate keeps
-- the plans of the present (a scalar max() per row made a list start from its smallest table, and ran slower).
-- The time is read once per statement, `(SELECT dp_at())`, not parsed again from the setting for each row
-- a filter looks at (a version's list of 500 rows that changed 30 times: 34 ms to 12).
--
-- valid_from rises strictly along a row's versions, also when an earlier-started transaction writes after a
-- later one: a new version starts at the transaction's time, or just after the row's newest version if that
-- is later.
DO $migration$
DECLARE
  t text;
  cols text;
  new_cols text;
  view_cols text;
  key_cols text;
  key_match text;
  ix record;
BEGIN
  FOREACH t IN ARRAY ARRAY['items', 'versions', 'compatibility_infos', 'references', 'compatibilities',
                           'compatibility_references', 'comments', 'item_containments', 'version_relations'] LOOP
    SELECT string_agg(format('%I', column_name), ', ' ORDER BY ordinal_position),
           string_agg(format('n.%I', column_name), ', ' ORDER BY ordinal_position)
      INTO cols, new_cols
      FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = t AND is_generated = 'NEVER';
    SELECT string_agg(format('h.%I', column_name), ', ' ORDER BY ordinal_position) INTO view_cols
      FROM information_schema.columns WHERE table_schema = 'public' AND table_name = t;
    -- The row's key, with {a} and {b} for the two sides of a match.
    SELECT string_agg(format('%I', a.attname), ', ' ORDER BY k.ord),
           string_agg(format('{a}.%1$I = {b}.%1$I', a.attname), ' AND ' ORDER BY k.ord)
      INTO key_cols, key_match
      FROM pg_index i
      CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
     WHERE i.indrelid = format('public.%I', t)::regclass AND i.indisprimary;

    EXECUTE format('DROP VIEW asof.%I', t);
    EXECUTE format('ALTER TABLE history.%I ADD COLUMN deleted boolean NOT NULL DEFAULT false', t);
    -- Versions closed by a later-started transaction held an empty range: they were never visible.
    EXECUTE format('DELETE FROM history.%I WHERE valid_to IS NOT NULL AND valid_to <= valid_from', t);
    -- A version closed without a successor from that moment on ended with a delete: its tombstone.
    EXECUTE format($s$INSERT INTO history.%1$I (%2$s, valid_from, change_set, deleted)
      SELECT %2$s, valid_to, closed_by, true
        FROM (SELECT *, lead(valid_from) OVER (PARTITION BY %3$s ORDER BY valid_from) AS next_from
                FROM history.%1$I) v
       WHERE valid_to IS NOT NULL AND (next_from IS NULL OR next_from > valid_to)$s$, t, cols, key_cols);
    EXECUTE format('ALTER TABLE history.%I DROP COLUMN valid_to, DROP COLUMN closed_by, RESET (fillfactor)', t);

    -- The catalog's btree indexes, not unique and each with valid_from last: a read in the past skips in the
    -- index the versions that began after its time, and the key's copy serves the views' probe.
    FOR ix IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
               WHERE i.indrelid = format('history.%I', t)::regclass LOOP
      EXECUTE format('DROP INDEX history.%I', ix.relname);
    END LOOP;
    FOR ix IN SELECT pg_get_indexdef(i.indexrelid) AS def, am.amname, i.indpred IS NOT NULL AS partial
                FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
               WHERE i.indrelid = format('public.%I', t)::regclass LOOP
      EXECUTE replace(replace(
        CASE WHEN ix.amname = 'btree' AND NOT ix.partial THEN left(ix.def, -1) || ', valid_from)' ELSE ix.def END,
        'CREATE UNIQUE INDEX', 'CREATE INDEX'), format(' ON public.%s ', quote_ident(t)), format(' ON history.%s ', quote_ident(t)));
    END LOOP;

    EXECUTE format($v$CREATE VIEW asof.%1$I AS SELECT %2$s FROM history.%1$I h
      WHERE h.valid_from <= (SELECT dp_at()) AND NOT h.deleted
        AND NOT EXISTS (SELECT FROM history.%1$I n WHERE %3$s AND n.valid_from > h.valid_from AND n.valid_from <= (SELECT dp_at()))$v$,
      t, view_cols, replace(replace(key_match, '{a}', 'n'), '{b}', 'h'));

    -- The versions this transaction wrote before of the rows it writes again are replaced (a row changed
    -- twice in one transaction keeps its last state); a transaction-local setting says whether it wrote any,
    -- so the usual save does not look. Then the new versions, or the tombstones of the rows deleted.
    -- Whether a row written has a version newer than this transaction's start (an earlier-started transaction
    -- writing after a later one) is asked once per statement, before the insert: a probe per row inside the
    -- insert may be planned as a scan of the history table, which then grows with every row the insert adds.
    EXECUTE format($f$CREATE OR REPLACE FUNCTION history.%1$I() RETURNS trigger LANGUAGE plpgsql AS $b$
      DECLARE
        behind boolean;
      BEGIN
        IF current_setting('dp.history_%2$s', true) = dp_change_set()::text THEN
          IF TG_OP = 'INSERT' THEN
            DELETE FROM history.%2$I h USING new_rows o WHERE %3$s AND h.change_set = dp_change_set();
          ELSE
            DELETE FROM history.%2$I h USING old_rows o WHERE %3$s AND h.change_set = dp_change_set();
          END IF;
        ELSE
          PERFORM set_config('dp.history_%2$s', dp_change_set()::text, true);
        END IF;
        IF TG_OP = 'DELETE' THEN
          behind := EXISTS (SELECT FROM old_rows n JOIN history.%2$I p ON %6$s WHERE p.valid_from >= now());
          INSERT INTO history.%2$I (%4$s, valid_from, change_set, deleted)
          SELECT %5$s, %8$s, dp_change_set(), true FROM old_rows n;
          RETURN NULL;
        END IF;
        behind := EXISTS (SELECT FROM new_rows n JOIN history.%2$I p ON %6$s WHERE p.valid_from >= now());
        INSERT INTO history.%2$I (%4$s, valid_from, change_set)
        SELECT %5$s, %8$s, dp_change_set() FROM new_rows n;
        IF TG_OP = 'UPDATE' THEN
          -- A row whose key changed ends under its old key.
          INSERT INTO history.%2$I (%4$s, valid_from, change_set, deleted)
          SELECT %5$s, greatest(now(), (SELECT max(p.valid_from) FROM history.%2$I p WHERE %6$s) + interval '1 microsecond'),
                 dp_change_set(), true
            FROM old_rows n WHERE NOT EXISTS (SELECT FROM new_rows o WHERE %7$s);
        END IF;
        RETURN NULL;
      END $b$$f$, t || '_write', t, replace(replace(key_match, '{a}', 'h'), '{b}', 'o'), cols, new_cols,
        replace(replace(key_match, '{a}', 'p'), '{b}', 'n'), replace(replace(key_match, '{a}', 'o'), '{b}', 'n'),
        format($e$CASE WHEN behind THEN greatest(now(), (SELECT max(p.valid_from) FROM history.%I p WHERE %s) + interval '1 microsecond') ELSE now() END$e$,
               t, replace(replace(key_match, '{a}', 'p'), '{b}', 'n')));
    -- A truncate (the seed starting over) ends every row that exists.
    EXECUTE format($f$CREATE OR REPLACE FUNCTION history.%1$I() RETURNS trigger LANGUAGE plpgsql AS $b$
      BEGIN
        IF current_setting('dp.history_%2$s', true) = dp_change_set()::text THEN
          DELETE FROM history.%2$I WHERE change_set = dp_change_set();
        ELSE
          PERFORM set_config('dp.history_%2$s', dp_change_set()::text, true);
        END IF;
        INSERT INTO history.%2$I (%3$s, valid_from, change_set, deleted)
        SELECT %3$s, greatest(now(), valid_from + interval '1 microsecond'), dp_change_set(), true
          FROM (SELECT DISTINCT ON (%4$s) * FROM history.%2$I ORDER BY %4$s, valid_from DESC) l
         WHERE NOT l.deleted;
        RETURN NULL;
      END $b$$f$, t || '_truncate', t, cols, key_cols);
    EXECUTE format('CREATE OR REPLACE TRIGGER history_insert AFTER INSERT ON public.%1$I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION history.%2$I()', t, t || '_write');
    EXECUTE format('CREATE OR REPLACE TRIGGER history_update AFTER UPDATE ON public.%1$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION history.%2$I()', t, t || '_write');
    EXECUTE format('CREATE OR REPLACE TRIGGER history_delete AFTER DELETE ON public.%1$I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION history.%2$I()', t, t || '_write');
    EXECUTE format('ALTER TABLE public.%1$I ENABLE ALWAYS TRIGGER history_insert, ENABLE ALWAYS TRIGGER history_update, ENABLE ALWAYS TRIGGER history_delete', t);
    EXECUTE format('DROP FUNCTION history.%I(), history.%I()', t || '_open', t || '_close');
  END LOOP;
END
$migration$;
