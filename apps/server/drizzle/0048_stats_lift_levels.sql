-- The lift counts start empty (the new count has no value for the old rows, and every grouping
-- gains the city, district and company levels): the lift source rebuilds them on its next run.
DELETE FROM "stats_lift_group";--> statement-breakpoint
DELETE FROM "stats_cursor" WHERE "source" = 'lift';--> statement-breakpoint
ALTER TABLE "stats_lift_group" ADD COLUMN "maintained" integer NOT NULL;
