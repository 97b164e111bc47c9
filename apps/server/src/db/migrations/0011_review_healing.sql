ALTER TABLE "peer_matchings" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "peer_matchings" ADD COLUMN "moved_from_id" integer;--> statement-breakpoint
ALTER TABLE "peer_matchings" ADD COLUMN "assigned_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "peer_matchings" ADD CONSTRAINT "peer_matchings_moved_from_id_enrollments_id_fk" FOREIGN KEY ("moved_from_id") REFERENCES "public"."enrollments"("id") ON DELETE set null ON UPDATE no action;