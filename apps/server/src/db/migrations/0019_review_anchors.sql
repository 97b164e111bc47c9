CREATE TABLE "review_anchors" (
	"id" serial PRIMARY KEY NOT NULL,
	"matching_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"index" integer NOT NULL,
	"length" integer NOT NULL,
	"quote" text NOT NULL,
	"comment" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_anchors" ADD CONSTRAINT "review_anchors_matching_id_peer_matchings_id_fk" FOREIGN KEY ("matching_id") REFERENCES "public"."peer_matchings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_anchors_matching_position_key" ON "review_anchors" USING btree ("matching_id","position");
