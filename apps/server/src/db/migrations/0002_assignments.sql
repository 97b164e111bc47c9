CREATE TABLE "assignment_files" (
	"assignment_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "assignment_files_assignment_id_file_id_pk" PRIMARY KEY("assignment_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_weights" (
	"assignment_id" integer PRIMARY KEY NOT NULL,
	"weight" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"is_auto_schedule" boolean DEFAULT false NOT NULL,
	"is_directly_starting" boolean DEFAULT false NOT NULL,
	"is_continue_from_previous_step" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"step_index" smallint DEFAULT -1 NOT NULL,
	"next_transition_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_matchings" (
	"matching_id" integer PRIMARY KEY NOT NULL,
	"point" smallint NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "objections" (
	"id" serial PRIMARY KEY NOT NULL,
	"matching_id" integer NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "objections_matching_id_unique" UNIQUE("matching_id")
);
--> statement-breakpoint
CREATE TABLE "participations" (
	"assignment_id" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"is_late" boolean DEFAULT false NOT NULL,
	"attended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participations_assignment_id_enrollment_id_pk" PRIMARY KEY("assignment_id","enrollment_id")
);
--> statement-breakpoint
CREATE TABLE "peer_matchings" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"instructor_comment" text,
	"adjustment_reason" text,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "peer_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"matching_id" integer NOT NULL,
	"standard_index" smallint NOT NULL,
	"point" smallint,
	"edited_point" smallint,
	"comment" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performance_files" (
	"performance_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "performance_files_performance_id_file_id_pk" PRIMARY KEY("performance_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "performances" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage_id" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"is_late" boolean DEFAULT false NOT NULL,
	"content" jsonb,
	"plain_text" text,
	"editor_type" text,
	"responses" jsonb,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"comment" text,
	"commented_by" integer,
	"revisement_score" double precision,
	"origin_revisement_score" double precision,
	"scores" jsonb,
	"computed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"model" text NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"settings" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "is_instructor_seat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_files" ADD CONSTRAINT "assignment_files_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_files" ADD CONSTRAINT "assignment_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_weights" ADD CONSTRAINT "assignment_weights_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_matchings" ADD CONSTRAINT "feedback_matchings_matching_id_peer_matchings_id_fk" FOREIGN KEY ("matching_id") REFERENCES "public"."peer_matchings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_matching_id_peer_matchings_id_fk" FOREIGN KEY ("matching_id") REFERENCES "public"."peer_matchings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_matchings" ADD CONSTRAINT "peer_matchings_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_matchings" ADD CONSTRAINT "peer_matchings_reviewer_id_enrollments_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_matchings" ADD CONSTRAINT "peer_matchings_target_id_enrollments_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_responses" ADD CONSTRAINT "peer_responses_matching_id_peer_matchings_id_fk" FOREIGN KEY ("matching_id") REFERENCES "public"."peer_matchings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_files" ADD CONSTRAINT "performance_files_performance_id_performances_id_fk" FOREIGN KEY ("performance_id") REFERENCES "public"."performances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_files" ADD CONSTRAINT "performance_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performances" ADD CONSTRAINT "performances_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performances" ADD CONSTRAINT "performances_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_commented_by_users_id_fk" FOREIGN KEY ("commented_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_course_name_key" ON "assignments" USING btree ("course_id","name");--> statement-breakpoint
CREATE INDEX "assignments_next_transition_idx" ON "assignments" USING btree ("next_transition_at");--> statement-breakpoint
CREATE UNIQUE INDEX "peer_matchings_pair_key" ON "peer_matchings" USING btree ("assignment_id","reviewer_id","target_id");--> statement-breakpoint
CREATE INDEX "peer_matchings_target_idx" ON "peer_matchings" USING btree ("assignment_id","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "peer_responses_matching_standard_key" ON "peer_responses" USING btree ("matching_id","standard_index");--> statement-breakpoint
CREATE UNIQUE INDEX "performances_stage_enrollment_key" ON "performances" USING btree ("stage_id","enrollment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_assignment_enrollment_key" ON "reports" USING btree ("assignment_id","enrollment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stages_assignment_model_key" ON "stages" USING btree ("assignment_id","model");