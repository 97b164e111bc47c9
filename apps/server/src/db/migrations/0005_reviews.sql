CREATE TABLE "review_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"matching_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer,
	"before" jsonb,
	"after" jsonb,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "objections" ADD COLUMN "status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "objections" ADD COLUMN "ruling_reason" text;--> statement-breakpoint
ALTER TABLE "objections" ADD COLUMN "ruled_by" integer;--> statement-breakpoint
ALTER TABLE "objections" ADD COLUMN "ruled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_audit" ADD CONSTRAINT "review_audit_matching_id_peer_matchings_id_fk" FOREIGN KEY ("matching_id") REFERENCES "public"."peer_matchings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_audit" ADD CONSTRAINT "review_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_audit_matching_idx" ON "review_audit" USING btree ("matching_id");--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_ruled_by_users_id_fk" FOREIGN KEY ("ruled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;