CREATE TABLE "lti_deep_link_sessions" (
	"handle_hash" text PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"deployment_id" text NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"return_url" text NOT NULL,
	"data" text,
	"accept_line_item" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lti_deep_link_sessions" ADD CONSTRAINT "lti_deep_link_sessions_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_deep_link_sessions" ADD CONSTRAINT "lti_deep_link_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_deep_link_sessions" ADD CONSTRAINT "lti_deep_link_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD COLUMN "lineitem_claimed_at" timestamp with time zone;
