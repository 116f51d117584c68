CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"folder" text NOT NULL,
	"original" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	"created_by" text NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
