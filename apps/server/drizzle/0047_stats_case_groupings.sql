-- The month rollups start empty (the case rollup's new key columns have no value for the old rows,
-- and every rollup gains the city and company levels): the sources rebuild them on their next run.
DELETE FROM "stats_case_month";--> statement-breakpoint
DELETE FROM "stats_repair_month";--> statement-breakpoint
DELETE FROM "stats_order_month";--> statement-breakpoint
DELETE FROM "stats_cursor" WHERE "source" IN ('case', 'repair', 'order');--> statement-breakpoint
ALTER TABLE "stats_case" ADD COLUMN "arrival_band" smallint GENERATED ALWAYS AS (case when arrival_minutes is null then 0 when arrival_minutes <= 10 then 1
          when arrival_minutes <= 20 then 2 when arrival_minutes <= 30 then 3 else 4 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_case_month" ADD COLUMN "cause_detail" text NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_case_month" ADD COLUMN "arrival_band" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_case_month" ADD COLUMN "agent_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_case_month" ADD COLUMN "source" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_case_month" DROP CONSTRAINT "stats_case_month_pk";
--> statement-breakpoint
ALTER TABLE "stats_case_month" ADD CONSTRAINT "stats_case_month_pk" PRIMARY KEY("dim","day","area_code","maintenance_company_id","lift_type","use_occasion","kind","use_company_id","brand","manufacturer","built_year","hour","weekday","cause","cause_detail","arrival_band","agent_id","source");