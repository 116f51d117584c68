CREATE TYPE "public"."compatibility_status" AS ENUM('allowed', 'conditional', 'forbidden', 'irrelevant');--> statement-breakpoint
CREATE TYPE "public"."item_kind" AS ENUM('system', 'assembly', 'subassembly');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"compatibility_id" integer NOT NULL,
	"comment" text NOT NULL,
	"author" text NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modification_time" timestamp with time zone DEFAULT now() NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compatibilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_version_id" integer NOT NULL,
	"from_kind" "item_kind" NOT NULL,
	"to_version_id" integer NOT NULL,
	"to_kind" "item_kind" NOT NULL,
	"compatibility_info_id" integer NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modification_time" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "compatibilities_pair_unique" UNIQUE("from_version_id","to_version_id"),
	CONSTRAINT "compatibilities_pair_kinds" CHECK (("compatibilities"."from_kind", "compatibilities"."to_kind") in (('system','system'), ('system','assembly'), ('assembly','assembly'), ('assembly','subassembly'), ('subassembly','subassembly'))),
	CONSTRAINT "compatibilities_same_kind_once" CHECK ("compatibilities"."from_kind" <> "compatibilities"."to_kind" or "compatibilities"."from_version_id" < "compatibilities"."to_version_id")
);
--> statement-breakpoint
CREATE TABLE "compatibility_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"compatibility_status" "compatibility_status" NOT NULL,
	"obligation" text DEFAULT '' NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modification_time" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compatibility_references" (
	"compatibility_id" integer NOT NULL,
	"reference_id" integer NOT NULL,
	CONSTRAINT "compatibility_references_compatibility_id_reference_id_pk" PRIMARY KEY("compatibility_id","reference_id")
);
--> statement-breakpoint
CREATE TABLE "data_info" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"modification_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_info_single_row" CHECK ("data_info"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "dataset_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"description" text NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modification_time" timestamp with time zone DEFAULT now() NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_containments" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_item_id" integer NOT NULL,
	"parent_kind" "item_kind" NOT NULL,
	"child_item_id" integer NOT NULL,
	"child_kind" "item_kind" NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "item_containments_pair_unique" UNIQUE("parent_item_id","child_item_id"),
	CONSTRAINT "item_containments_kinds" CHECK (("item_containments"."parent_kind", "item_containments"."child_kind") in (('system','assembly'), ('assembly','subassembly')))
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "item_kind" NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_original" text,
	"image_thumbnail" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modification_time" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "items_kind_name_unique" UNIQUE("kind","name"),
	CONSTRAINT "items_id_kind_unique" UNIQUE("id","kind"),
	CONSTRAINT "items_name_not_blank" CHECK (btrim("items"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "references" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modification_time" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "references_reference_unique" UNIQUE("reference"),
	CONSTRAINT "references_not_blank" CHECK (btrim("references"."reference") <> '')
);
--> statement-breakpoint
CREATE TABLE "version_relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_version_id" integer NOT NULL,
	"from_kind" "item_kind" NOT NULL,
	"to_version_id" integer NOT NULL,
	"to_kind" "item_kind" NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "version_relations_pair_unique" UNIQUE("from_version_id","to_version_id"),
	CONSTRAINT "version_relations_kinds" CHECK (("version_relations"."from_kind", "version_relations"."to_kind") in (('assembly','assembly'), ('assembly','subassembly'))),
	CONSTRAINT "version_relations_same_kind_once" CHECK ("version_relations"."from_kind" <> "version_relations"."to_kind" or "version_relations"."from_version_id" < "version_relations"."to_version_id")
);
--> statement-breakpoint
CREATE TABLE "versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"kind" "item_kind" NOT NULL,
	"name" text,
	"name2" text,
	"description" text DEFAULT '' NOT NULL,
	"rscp_link" text,
	"image_original" text,
	"image_thumbnail" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modification_time" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "versions_id_kind_unique" UNIQUE("id","kind"),
	CONSTRAINT "versions_names_rule" CHECK (("versions"."kind" = 'system' and "versions"."name" is not null and btrim("versions"."name") <> '' and "versions"."name2" is null)
       or ("versions"."kind" <> 'system' and (coalesce(btrim("versions"."name"), '') <> '' or coalesce(btrim("versions"."name2"), '') <> '')))
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_compatibility_id_compatibilities_id_fk" FOREIGN KEY ("compatibility_id") REFERENCES "public"."compatibilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compatibilities" ADD CONSTRAINT "compatibilities_compatibility_info_id_compatibility_infos_id_fk" FOREIGN KEY ("compatibility_info_id") REFERENCES "public"."compatibility_infos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compatibilities" ADD CONSTRAINT "compatibilities_from_fk" FOREIGN KEY ("from_version_id","from_kind") REFERENCES "public"."versions"("id","kind") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compatibilities" ADD CONSTRAINT "compatibilities_to_fk" FOREIGN KEY ("to_version_id","to_kind") REFERENCES "public"."versions"("id","kind") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compatibility_references" ADD CONSTRAINT "compatibility_references_compatibility_id_compatibilities_id_fk" FOREIGN KEY ("compatibility_id") REFERENCES "public"."compatibilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compatibility_references" ADD CONSTRAINT "compatibility_references_reference_id_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."references"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_containments" ADD CONSTRAINT "item_containments_parent_fk" FOREIGN KEY ("parent_item_id","parent_kind") REFERENCES "public"."items"("id","kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_containments" ADD CONSTRAINT "item_containments_child_fk" FOREIGN KEY ("child_item_id","child_kind") REFERENCES "public"."items"("id","kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_relations" ADD CONSTRAINT "version_relations_from_fk" FOREIGN KEY ("from_version_id","from_kind") REFERENCES "public"."versions"("id","kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_relations" ADD CONSTRAINT "version_relations_to_fk" FOREIGN KEY ("to_version_id","to_kind") REFERENCES "public"."versions"("id","kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "versions" ADD CONSTRAINT "versions_item_fk" FOREIGN KEY ("item_id","kind") REFERENCES "public"."items"("id","kind") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "comments_compatibility_idx" ON "comments" USING btree ("compatibility_id");--> statement-breakpoint
CREATE INDEX "compatibilities_to_idx" ON "compatibilities" USING btree ("to_version_id");--> statement-breakpoint
CREATE INDEX "compatibilities_info_idx" ON "compatibilities" USING btree ("compatibility_info_id");--> statement-breakpoint
CREATE INDEX "compatibility_references_ref_idx" ON "compatibility_references" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "item_containments_child_idx" ON "item_containments" USING btree ("child_item_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_user_code_idx" ON "oidc_payloads" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "version_relations_to_idx" ON "version_relations" USING btree ("to_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "versions_item_names_unique" ON "versions" USING btree ("item_id",coalesce("name", ''),coalesce("name2", ''));--> statement-breakpoint
CREATE INDEX "versions_kind_idx" ON "versions" USING btree ("kind");