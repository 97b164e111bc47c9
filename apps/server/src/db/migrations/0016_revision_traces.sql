CREATE TABLE "revision_traces" (
	"id" serial PRIMARY KEY NOT NULL,
	"matching_id" integer NOT NULL,
	"standard_index" smallint NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revision_traces_status_check" CHECK ("status" IN ('used', 'partly_used', 'not_used'))
);
--> statement-breakpoint
ALTER TABLE "revision_traces" ADD CONSTRAINT "revision_traces_matching_id_peer_matchings_id_fk" FOREIGN KEY ("matching_id") REFERENCES "public"."peer_matchings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "revision_traces_matching_standard_key" ON "revision_traces" USING btree ("matching_id","standard_index");
