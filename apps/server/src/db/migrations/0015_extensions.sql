CREATE TABLE "extensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"model" text NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_audit" ALTER COLUMN "matching_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "review_audit" ADD COLUMN "assignment_id" integer;--> statement-breakpoint
ALTER TABLE "review_audit" ADD COLUMN "enrollment_id" integer;--> statement-breakpoint
ALTER TABLE "extensions" ADD CONSTRAINT "extensions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extensions" ADD CONSTRAINT "extensions_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extensions" ADD CONSTRAINT "extensions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "extensions_learner_stage_key" ON "extensions" USING btree ("assignment_id","enrollment_id","model");--> statement-breakpoint
ALTER TABLE "review_audit" ADD CONSTRAINT "review_audit_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_audit" ADD CONSTRAINT "review_audit_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_audit_assignment_idx" ON "review_audit" USING btree ("assignment_id");