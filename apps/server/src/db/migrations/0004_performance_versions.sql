ALTER TABLE "performances" ADD COLUMN "retrospective" text;--> statement-breakpoint
ALTER TABLE "performances" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performances" ADD COLUMN "late_at" timestamp with time zone;