CREATE TABLE "backups" (
	"name" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"schema_version" text NOT NULL,
	"counts" jsonb NOT NULL,
	"checksum" text NOT NULL,
	"size" bigint NOT NULL,
	"created_by" text NOT NULL,
	"origin" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"backup_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitored_targets" (
	"target" text PRIMARY KEY NOT NULL,
	"last_active" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_job_chunks" (
	"job_id" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "report_job_chunks_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "report_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"message" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"backup_name" text NOT NULL,
	"target" text NOT NULL,
	"target_url" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text NOT NULL,
	"ok" boolean NOT NULL,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_job_chunks" ADD CONSTRAINT "report_job_chunks_job_id_report_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."report_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfers_at_idx" ON "transfers" USING btree ("at");