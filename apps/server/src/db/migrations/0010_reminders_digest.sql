CREATE TABLE "digest_days" (
	"day" text PRIMARY KEY NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "reminders" boolean DEFAULT true NOT NULL;