ALTER TABLE "reports" ADD COLUMN "score_total" double precision GENERATED ALWAYS AS ((scores -> 'learner' -> 'scores' ->> 'total')::float8) STORED;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "score_essay_writing" double precision GENERATED ALWAYS AS ((scores -> 'learner' -> 'scores' ->> 'essayWriting')::float8) STORED;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "score_peer_review" double precision GENERATED ALWAYS AS ((scores -> 'learner' -> 'scores' ->> 'peerReview')::float8) STORED;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "score_metacognition" double precision GENERATED ALWAYS AS ((scores -> 'learner' -> 'scores' ->> 'metacognition')::float8) STORED;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "score_feedback_review" double precision GENERATED ALWAYS AS ((scores -> 'learner' -> 'scores' ->> 'feedbackReview')::float8) STORED;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "score_revisement" double precision GENERATED ALWAYS AS ((scores -> 'learner' -> 'scores' ->> 'revisement')::float8) STORED;--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "learner_scores";