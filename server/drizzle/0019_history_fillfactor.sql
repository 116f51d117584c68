-- Issue 41: a save closes the history rows it replaces (valid_to, closed_by: columns in no index). With
-- room left on each page, that UPDATE stays on its page as a HOT update, without a new index entry in each
-- of the history table's indexes; full pages (fillfactor 100) made every close a new tuple and five entries.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'history' AND c.relkind = 'r' AND c.relname <> 'began' LOOP
    EXECUTE format('ALTER TABLE history.%I SET (fillfactor = 70)', t);
  END LOOP;
END $$;
