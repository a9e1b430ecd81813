CREATE TABLE "stats_lift_group" (
	"dim" text NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"lift_type" smallint NOT NULL,
	"use_occasion" text NOT NULL,
	"use_status" smallint NOT NULL,
	"use_company_id" integer NOT NULL,
	"brand" text NOT NULL,
	"manufacturer" text NOT NULL,
	"built_year" smallint NOT NULL,
	"lifts" integer NOT NULL,
	"overdue_maintenance" integer NOT NULL,
	"overdue_inspection" integer NOT NULL,
	"due_inspection" integer NOT NULL,
	"placed" integer NOT NULL,
	"lng_sum" double precision NOT NULL,
	"lat_sum" double precision NOT NULL,
	CONSTRAINT "stats_lift_group_pk" PRIMARY KEY("dim","area_code","maintenance_company_id","lift_type","use_occasion","use_status","use_company_id","brand","manufacturer","built_year")
);
--> statement-breakpoint
CREATE INDEX "stats_case_trapped_idx" ON "stats_case" USING btree ("elevator_id") WHERE "stats_case"."kind" = 1 and "stats_case"."status" < 6;--> statement-breakpoint
CREATE INDEX "stats_lift_due_idx" ON "stats_lift" USING btree (least(coalesce("maintenance_due", '9999-12-31'), coalesce("inspection_due", '9999-12-31')),"elevator_id") WHERE "stats_lift"."use_status" = 1;--> statement-breakpoint
CREATE INDEX "stats_repair_open_idx" ON "stats_repair" USING btree ("elevator_id") WHERE "stats_repair"."status" < 3;--> statement-breakpoint
-- The counts start empty: the registry source rebuilds stats_lift and them on its next run.
DELETE FROM "stats_cursor" WHERE "source" = 'lift';
