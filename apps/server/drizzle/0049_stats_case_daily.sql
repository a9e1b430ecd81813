CREATE TABLE "stats_case_daily" (
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"lift_type" smallint NOT NULL,
	"use_occasion" text NOT NULL,
	"use_company_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"cases" integer NOT NULL,
	"freed" integer NOT NULL,
	"arrived" integer NOT NULL,
	"arrived_sum" double precision NOT NULL,
	"within30" integer NOT NULL,
	"overtime" integer NOT NULL,
	"rescued" integer NOT NULL,
	"rescued_sum" double precision NOT NULL,
	"responded" integer NOT NULL,
	"responded_sum" double precision NOT NULL,
	"dispatched" integer NOT NULL,
	"dispatched_sum" double precision NOT NULL,
	CONSTRAINT "stats_case_daily_pk" PRIMARY KEY("dim","day","area_code","maintenance_company_id","lift_type","use_occasion","kind","use_company_id")
);
--> statement-breakpoint
CREATE INDEX "stats_case_daily_mc_idx" ON "stats_case_daily" USING btree ("dim","maintenance_company_id","day");--> statement-breakpoint
CREATE INDEX "stats_case_daily_uc_idx" ON "stats_case_daily" USING btree ("dim","use_company_id","day");--> statement-breakpoint
-- The daily case rollup starts empty: the case source rebuilds its rollups on its next run.
DELETE FROM "stats_cursor" WHERE "source" = 'case';
