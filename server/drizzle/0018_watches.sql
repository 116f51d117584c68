-- Watches on versions, the notifications their changes give, and the mails that tell of them (issue 42).
-- None of these tables is a product table: a transfer or restore leaves them alone, so each instance
-- keeps its own watchers.
CREATE TABLE "watch_users" (
	"username" text PRIMARY KEY NOT NULL,
	"email" text,
	"language" text DEFAULT 'de' NOT NULL,
	"role" text NOT NULL,
	"last_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "watches" (
	"username" text NOT NULL,
	"version_id" integer NOT NULL,
	"kind" "item_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watches_username_version_id_pk" PRIMARY KEY("username","version_id"),
	CONSTRAINT "watches_username_watch_users_username_fk" FOREIGN KEY ("username") REFERENCES "public"."watch_users"("username") ON DELETE cascade
);--> statement-breakpoint
-- The triggers look up the watchers of the changed rows' versions through it.
CREATE INDEX "watches_version_idx" ON "watches" ("version_id");--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	-- The transaction that made the change (the catalog history's change set, issue 41).
	"change_set" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"version_id" integer NOT NULL,
	"version_kind" "item_kind" NOT NULL,
	"version_label" text NOT NULL,
	"partner_id" integer NOT NULL,
	"partner_kind" "item_kind" NOT NULL,
	"partner_label" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"references_changed" boolean DEFAULT false NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"mailed" boolean DEFAULT false NOT NULL
);--> statement-breakpoint
-- One notification per watcher, compatibility (a pair of versions) and change set.
CREATE UNIQUE INDEX "notifications_change_unique" ON "notifications" ("username", "change_set", least("version_id", "partner_id"), greatest("version_id", "partner_id"));--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" ("username", "id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" ("username") WHERE NOT "read";--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" ("username") WHERE NOT "mailed";--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" ("next_attempt_at") WHERE "sent_at" IS NULL;--> statement-breakpoint
-- A compatibility's state as a notification shows it.
CREATE FUNCTION dp_watch_state(info_id integer) RETURNS jsonb
  LANGUAGE sql STABLE
  AS $$ select jsonb_build_object('status', compatibility_status, 'obligation', obligation) from compatibility_infos where id = info_id $$;--> statement-breakpoint
-- A version's label (SPEC 2): its item's name, name and name2, empty parts skipped.
CREATE FUNCTION dp_version_label(version_id integer) RETURNS text
  LANGUAGE sql STABLE
  AS $$ select concat_ws(' ', nullif(btrim(i.name), ''), nullif(btrim(v.name), ''), nullif(btrim(v.name2), ''))
          from versions v join items i on i.id = v.item_id where v.id = version_id $$;--> statement-breakpoint
-- Records the changes `rows` ({from, to, before, after, refs}: pairs of versions, of which at least one is
-- watched) as one notification per watcher, pair and transaction: a second change of the same pair in the
-- same transaction keeps the first `before` and takes the last `after`; a pair that ends as it began
-- (removed and inserted again by a transfer) gives none.
CREATE FUNCTION dp_notify_watchers(rows jsonb) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  touched bigint[];
BEGIN
  WITH r AS (
    SELECT * FROM jsonb_to_recordset(rows) AS r("from" integer, "to" integer, before jsonb, after jsonb, refs boolean)
  ), mine AS (
    -- A watcher of both versions of a pair is told once, about the first.
    SELECT DISTINCT ON (w.username, r."from", r."to") w.username, w.version_id, w.kind,
           CASE WHEN w.version_id = r."from" THEN r."to" ELSE r."from" END AS partner_id, r.before, r.after, r.refs
      FROM r JOIN watches w ON w.version_id IN (r."from", r."to")
     ORDER BY w.username, r."from", r."to", w.version_id
  ), labelled AS (
    -- Each version's label once, however many watchers and pairs name it.
    SELECT v.id, v.kind,
           concat_ws(' ', nullif(btrim(i.name), ''), nullif(btrim(v.name), ''), nullif(btrim(v.name2), '')) AS label
      FROM versions v JOIN items i ON i.id = v.item_id
     WHERE v.id IN (SELECT version_id FROM mine UNION SELECT partner_id FROM mine)
  ), upserted AS (
    INSERT INTO notifications AS n (username, change_set, version_id, version_kind, version_label, partner_id,
                                    partner_kind, partner_label, before, after, references_changed)
    SELECT m.username, pg_current_xact_id()::text::bigint, m.version_id, m.kind,
           coalesce(lv.label, '#' || m.version_id), m.partner_id, coalesce(lp.kind, m.kind),
           coalesce(lp.label, '#' || m.partner_id), m.before, m.after, m.refs
      FROM mine m LEFT JOIN labelled lv ON lv.id = m.version_id LEFT JOIN labelled lp ON lp.id = m.partner_id
    ON CONFLICT (username, change_set, least(version_id, partner_id), greatest(version_id, partner_id))
    DO UPDATE SET after = excluded.after, references_changed = n.references_changed OR excluded.references_changed,
                  partner_label = excluded.partner_label, version_label = excluded.version_label
    RETURNING n.id
  )
  SELECT array_agg(id) INTO touched FROM upserted;
  DELETE FROM notifications
   WHERE id = ANY (touched) AND before IS NOT DISTINCT FROM after AND NOT references_changed;
END $$;--> statement-breakpoint
CREATE FUNCTION dp_watch_compatibilities() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  hit integer[];
  changes jsonb;
BEGIN
  -- Nobody watches anything: the save costs one look at an empty index.
  IF NOT EXISTS (SELECT 1 FROM watches) THEN RETURN NULL; END IF;
  -- The watched versions among the changed rows, in one set-wise look (a hash join, not a probe per row):
  -- a save that touches no watched version ends here.
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT w.version_id) INTO hit FROM watches w
     WHERE w.version_id IN (SELECT from_version_id FROM old_rows UNION ALL SELECT to_version_id FROM old_rows);
  ELSE
    SELECT array_agg(DISTINCT w.version_id) INTO hit FROM watches w
     WHERE w.version_id IN (SELECT from_version_id FROM new_rows UNION ALL SELECT to_version_id FROM new_rows);
  END IF;
  IF hit IS NULL THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('from', n.from_version_id, 'to', n.to_version_id, 'before', null,
                                        'after', dp_watch_state(n.compatibility_info_id), 'refs', false))
      INTO changes FROM new_rows n
     WHERE n.from_version_id = ANY (hit) OR n.to_version_id = ANY (hit);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('from', o.from_version_id, 'to', o.to_version_id,
                                        'before', dp_watch_state(o.compatibility_info_id), 'after', null, 'refs', false))
      INTO changes FROM old_rows o
     WHERE o.from_version_id = ANY (hit) OR o.to_version_id = ANY (hit);
  ELSE
    SELECT jsonb_agg(jsonb_build_object('from', n.from_version_id, 'to', n.to_version_id,
                                        'before', dp_watch_state(o.compatibility_info_id),
                                        'after', dp_watch_state(n.compatibility_info_id), 'refs', false))
      INTO changes FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE o.compatibility_info_id <> n.compatibility_info_id
       AND (n.from_version_id = ANY (hit) OR n.to_version_id = ANY (hit));
  END IF;
  IF changes IS NOT NULL THEN PERFORM dp_notify_watchers(changes); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION dp_watch_compatibility_infos() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  changes jsonb;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM watches) THEN RETURN NULL; END IF;
  -- From the watched versions to their compatibilities, whose few rows then meet the changed texts.
  WITH changed AS (
    SELECT n.id, jsonb_build_object('status', o.compatibility_status, 'obligation', o.obligation) AS before,
           jsonb_build_object('status', n.compatibility_status, 'obligation', n.obligation) AS after
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.compatibility_status, o.obligation) IS DISTINCT FROM (n.compatibility_status, n.obligation)
  ), watched AS (
    SELECT c.from_version_id, c.to_version_id, c.compatibility_info_id
      FROM watches w JOIN compatibilities c ON c.from_version_id = w.version_id
    UNION
    SELECT c.from_version_id, c.to_version_id, c.compatibility_info_id
      FROM watches w JOIN compatibilities c ON c.to_version_id = w.version_id
  )
  SELECT jsonb_agg(jsonb_build_object('from', c.from_version_id, 'to', c.to_version_id, 'before', x.before,
                                      'after', x.after, 'refs', false))
    INTO changes FROM watched c JOIN changed x ON x.id = c.compatibility_info_id;
  IF changes IS NOT NULL THEN PERFORM dp_notify_watchers(changes); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION dp_watch_compatibility_references() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  touched integer[];
  changes jsonb;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM watches) THEN RETURN NULL; END IF;
  -- A changed link says "references changed" with the compatibility's state unchanged.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT compatibility_id) INTO touched FROM new_rows;
  ELSE
    SELECT array_agg(DISTINCT compatibility_id) INTO touched FROM old_rows;
  END IF;
  SELECT jsonb_agg(jsonb_build_object('from', c.from_version_id, 'to', c.to_version_id,
                                      'before', dp_watch_state(c.compatibility_info_id),
                                      'after', dp_watch_state(c.compatibility_info_id), 'refs', true))
    INTO changes FROM compatibilities c
   WHERE c.id = ANY (touched)
     AND EXISTS (SELECT 1 FROM watches w WHERE w.version_id IN (c.from_version_id, c.to_version_id));
  IF changes IS NOT NULL THEN PERFORM dp_notify_watchers(changes); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- ENABLE ALWAYS: a transfer imports with session_replication_role = replica, which silences ordinary
-- triggers; a transfer arriving on live or demo must still tell that instance's watchers.
CREATE TRIGGER "compatibilities_watch_insert" AFTER INSERT ON "compatibilities" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dp_watch_compatibilities();--> statement-breakpoint
ALTER TABLE "compatibilities" ENABLE ALWAYS TRIGGER "compatibilities_watch_insert";--> statement-breakpoint
CREATE TRIGGER "compatibilities_watch_update" AFTER UPDATE ON "compatibilities" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dp_watch_compatibilities();--> statement-breakpoint
ALTER TABLE "compatibilities" ENABLE ALWAYS TRIGGER "compatibilities_watch_update";--> statement-breakpoint
CREATE TRIGGER "compatibilities_watch_delete" AFTER DELETE ON "compatibilities" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dp_watch_compatibilities();--> statement-breakpoint
ALTER TABLE "compatibilities" ENABLE ALWAYS TRIGGER "compatibilities_watch_delete";--> statement-breakpoint
CREATE TRIGGER "compatibility_infos_watch_update" AFTER UPDATE ON "compatibility_infos" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dp_watch_compatibility_infos();--> statement-breakpoint
ALTER TABLE "compatibility_infos" ENABLE ALWAYS TRIGGER "compatibility_infos_watch_update";--> statement-breakpoint
CREATE TRIGGER "compatibility_references_watch_insert" AFTER INSERT ON "compatibility_references" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dp_watch_compatibility_references();--> statement-breakpoint
ALTER TABLE "compatibility_references" ENABLE ALWAYS TRIGGER "compatibility_references_watch_insert";--> statement-breakpoint
CREATE TRIGGER "compatibility_references_watch_update" AFTER UPDATE ON "compatibility_references" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dp_watch_compatibility_references();--> statement-breakpoint
ALTER TABLE "compatibility_references" ENABLE ALWAYS TRIGGER "compatibility_references_watch_update";--> statement-breakpoint
CREATE TRIGGER "compatibility_references_watch_delete" AFTER DELETE ON "compatibility_references" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dp_watch_compatibility_references();--> statement-breakpoint
ALTER TABLE "compatibility_references" ENABLE ALWAYS TRIGGER "compatibility_references_watch_delete";
