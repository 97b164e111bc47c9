ALTER TABLE "assignments" ADD COLUMN "is_release_held" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "scores_released_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "scores_released_by" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "previous_reliability" jsonb;
