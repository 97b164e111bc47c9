CREATE INDEX "course_files_file_idx" ON "course_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "courses_org_created_idx" ON "courses" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "poll_votes_option_idx" ON "poll_votes" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "post_files_file_idx" ON "post_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assignment_files_file_idx" ON "assignment_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "participations_enrollment_idx" ON "participations" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX "peer_matchings_reviewer_enrollment_idx" ON "peer_matchings" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "peer_matchings_target_enrollment_idx" ON "peer_matchings" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "performance_files_file_idx" ON "performance_files" USING btree ("file_id");