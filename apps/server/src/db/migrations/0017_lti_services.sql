ALTER TABLE "lti_context_links" ADD COLUMN "memberships_url" text;--> statement-breakpoint
ALTER TABLE "lti_context_links" ADD COLUMN "roster_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD COLUMN "lineitem_url" text;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD COLUMN "lineitems_url" text;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD COLUMN "ags_scopes" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE TABLE "lti_grade_sends" (
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" double precision NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sent_score" double precision,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_grade_sends_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "lti_grade_sends" ADD CONSTRAINT "lti_grade_sends_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_grade_sends" ADD CONSTRAINT "lti_grade_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_grade_sends_pending_idx" ON "lti_grade_sends" USING btree ("status");
