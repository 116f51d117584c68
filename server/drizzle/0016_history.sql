-- The catalog's history (issue 41): every catalog table has a copy in the schema "history" holding each
-- version of each row with the time it was valid from and to, written by triggers in the transaction of the
-- write, so a point in time is read from the database itself, never by replaying the audit log. The
-- schema "asof" holds one view per catalog table, same name and columns, showing the rows valid at
-- dp_at(): a read that sets dp.at and puts asof first on its search_path runs its usual queries in the past.
CREATE SCHEMA "history";--> statement-breakpoint
CREATE SCHEMA "asof";--> statement-breakpoint
-- When the history began: the state at this migration is its first entry; no time before it can be read.
CREATE TABLE "history"."began" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "at" timestamptz NOT NULL
);--> statement-breakpoint
INSERT INTO "history"."began" ("at") VALUES (now());--> statement-breakpoint
-- One change set per transaction: its 64-bit transaction id, unique in the cluster's life.
CREATE FUNCTION dp_change_set() RETURNS bigint LANGUAGE sql VOLATILE
  AS $$ select pg_current_xact_id()::text::bigint $$;--> statement-breakpoint
-- The point in time the asof views show; stable, so the planner reads it once and uses the indexes.
CREATE FUNCTION dp_at() RETURNS timestamptz LANGUAGE sql STABLE
  AS $$ select current_setting('dp.at')::timestamptz $$;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "change_set" bigint DEFAULT dp_change_set() NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_change_set_idx" ON "audit_log" USING btree ("change_set");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor", "id");--> statement-breakpoint
DO $migration$
DECLARE
  t text;
  cols text;
  key_match text;
  ix record;
  trig text;
BEGIN
  FOREACH t IN ARRAY ARRAY['items', 'versions', 'compatibility_infos', 'references', 'compatibilities',
                           'compatibility_references', 'comments', 'item_containments', 'version_relations'] LOOP
    -- The columns a write sets (the generated ones the history table derives again, like the catalog's).
    SELECT string_agg(format('%I', column_name), ', ' ORDER BY ordinal_position) INTO cols
      FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = t AND is_generated = 'NEVER';
    SELECT string_agg(format('h.%1$I = o.%1$I', a.attname), ' AND ') INTO key_match
      FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
     WHERE i.indrelid = format('public.%I', t)::regclass AND i.indisprimary;

    EXECUTE format('CREATE TABLE history.%1$I (LIKE public.%1$I INCLUDING GENERATED)', t);
    EXECUTE format('ALTER TABLE history.%I
      ADD COLUMN valid_from timestamptz NOT NULL,
      ADD COLUMN valid_to timestamptz,
      ADD COLUMN change_set bigint NOT NULL,
      ADD COLUMN closed_by bigint', t);
    -- Every index of the catalog table, not unique (a row has many versions): the past is read by the same
    -- queries as the present, with the same plans.
    FOR ix IN SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = t LOOP
      EXECUTE replace(replace(ix.indexdef, 'CREATE UNIQUE INDEX', 'CREATE INDEX'),
                      format(' ON public.%s ', quote_ident(t)), format(' ON history.%s ', quote_ident(t)));
    END LOOP;
    EXECUTE format('CREATE INDEX ON history.%I (valid_from)', t);
    EXECUTE format('CREATE INDEX ON history.%I (change_set)', t);

    EXECUTE format('INSERT INTO history.%1$I (%2$s, valid_from, change_set) SELECT %2$s, now(), dp_change_set() FROM public.%1$I', t, cols);

    EXECUTE format($v$CREATE VIEW asof.%1$I AS SELECT %2$s FROM history.%1$I
                      WHERE valid_from <= dp_at() AND (valid_to IS NULL OR valid_to > dp_at())$v$,
                   t, (SELECT string_agg(format('%I', column_name), ', ' ORDER BY ordinal_position)
                         FROM information_schema.columns WHERE table_schema = 'public' AND table_name = t));

    -- Statement triggers over the transition tables: one set-wise insert per statement, not one per row.
    -- A row changed twice in one transaction keeps only its last state (its earlier one is dropped); a
    -- version closed by a later-started transaction keeps an empty range rather than a negative one.
    EXECUTE format($f$CREATE FUNCTION history.%4$I() RETURNS trigger LANGUAGE plpgsql AS $b$
      BEGIN
        DELETE FROM history.%1$I h USING old_rows o
         WHERE %2$s AND h.valid_to IS NULL AND h.change_set = dp_change_set();
        UPDATE history.%1$I h SET valid_to = greatest(now(), h.valid_from), closed_by = dp_change_set()
          FROM old_rows o WHERE %2$s AND h.valid_to IS NULL;
        IF TG_OP = 'UPDATE' THEN
          INSERT INTO history.%1$I (%3$s, valid_from, change_set) SELECT %3$s, now(), dp_change_set() FROM new_rows;
        END IF;
        RETURN NULL;
      END $b$$f$, t, key_match, cols, t || '_close');
    EXECUTE format($f$CREATE FUNCTION history.%3$I() RETURNS trigger LANGUAGE plpgsql AS $b$
      BEGIN
        INSERT INTO history.%1$I (%2$s, valid_from, change_set) SELECT %2$s, now(), dp_change_set() FROM new_rows;
        RETURN NULL;
      END $b$$f$, t, cols, t || '_open');
    -- A truncate (the seed starting over) ends every open row.
    EXECUTE format($f$CREATE FUNCTION history.%2$I() RETURNS trigger LANGUAGE plpgsql AS $b$
      BEGIN
        DELETE FROM history.%1$I WHERE valid_to IS NULL AND change_set = dp_change_set();
        UPDATE history.%1$I SET valid_to = greatest(now(), valid_from), closed_by = dp_change_set() WHERE valid_to IS NULL;
        RETURN NULL;
      END $b$$f$, t, t || '_truncate');
    EXECUTE format('CREATE TRIGGER history_insert AFTER INSERT ON public.%1$I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION history.%2$I()', t, t || '_open');
    EXECUTE format('CREATE TRIGGER history_update AFTER UPDATE ON public.%1$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION history.%2$I()', t, t || '_close');
    EXECUTE format('CREATE TRIGGER history_delete AFTER DELETE ON public.%1$I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION history.%2$I()', t, t || '_close');
    EXECUTE format('CREATE TRIGGER history_truncate AFTER TRUNCATE ON public.%1$I
                    FOR EACH STATEMENT EXECUTE FUNCTION history.%2$I()', t, t || '_truncate');
    -- Also when a transfer or restore switches the ordinary triggers off (session_replication_role = replica).
    FOREACH trig IN ARRAY ARRAY['history_insert', 'history_update', 'history_delete', 'history_truncate'] LOOP
      EXECUTE format('ALTER TABLE public.%I ENABLE ALWAYS TRIGGER %I', t, trig);
    END LOOP;
  END LOOP;
END
$migration$;
