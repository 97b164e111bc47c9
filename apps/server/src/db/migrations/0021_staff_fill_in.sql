ALTER TABLE "peer_matchings" ADD COLUMN "is_staff_fill_in" boolean DEFAULT false NOT NULL;
