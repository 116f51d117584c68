CREATE TABLE "publish_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"backup_name" text NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"comment" text,
	"message" text
);
--> statement-breakpoint
CREATE INDEX "publish_requests_open_idx" ON "publish_requests" USING btree ("status","expires_at");
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "approved_by" text;
