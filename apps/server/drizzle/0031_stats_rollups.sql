CREATE TABLE "stats_case" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"case_no" text NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"weekday" smallint NOT NULL,
	"alarm_at" timestamp with time zone NOT NULL,
	"elevator_id" integer NOT NULL,
	"area_code" text NOT NULL,
	"address" text,
	"maintenance_company_id" integer NOT NULL,
	"use_company_id" integer NOT NULL,
	"lift_type" smallint NOT NULL,
	"use_occasion" text NOT NULL,
	"brand" text NOT NULL,
	"manufacturer" text NOT NULL,
	"built_year" smallint NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint NOT NULL,
	"source" smallint NOT NULL,
	"agent_id" integer NOT NULL,
	"cause" smallint NOT NULL,
	"cause_detail" text NOT NULL,
	"freed" integer NOT NULL,
	"response_minutes" double precision,
	"dispatch_minutes" double precision,
	"arrival_minutes" double precision,
	"rescue_minutes" double precision
);
--> statement-breakpoint
CREATE TABLE "stats_cursor" (
	"source" text PRIMARY KEY NOT NULL,
	"changed_up_to" timestamp with time zone,
	"caught_up_at" timestamp with time zone NOT NULL,
	"day" date
);
--> statement-breakpoint
CREATE TABLE "stats_lift" (
	"elevator_id" integer PRIMARY KEY NOT NULL,
	"register_code" text NOT NULL,
	"name" text,
	"address" text NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"use_company_id" integer NOT NULL,
	"lift_type" smallint NOT NULL,
	"use_occasion" text NOT NULL,
	"brand" text NOT NULL,
	"manufacturer" text NOT NULL,
	"built_year" smallint NOT NULL,
	"use_status" smallint NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"maintenance_due" date,
	"inspection_due" date
);
--> statement-breakpoint
CREATE TABLE "stats_order_day" (
	"day" date NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"use_company_id" integer NOT NULL,
	"lift_type" smallint NOT NULL,
	"use_occasion" text NOT NULL,
	"planned" integer NOT NULL,
	"completed" integer NOT NULL,
	"on_time" integer NOT NULL,
	"late" integer NOT NULL,
	"awaiting_confirm" integer NOT NULL,
	"done" integer NOT NULL,
	"approved" integer NOT NULL,
	"rejected" integer NOT NULL,
	CONSTRAINT "stats_order_day_day_area_code_maintenance_company_id_use_company_id_lift_type_use_occasion_pk" PRIMARY KEY("day","area_code","maintenance_company_id","use_company_id","lift_type","use_occasion")
);
--> statement-breakpoint
CREATE TABLE "stats_repair" (
	"repair_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"elevator_id" integer NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"use_company_id" integer NOT NULL,
	"lift_type" smallint NOT NULL,
	"use_occasion" text NOT NULL,
	"brand" text NOT NULL,
	"manufacturer" text NOT NULL,
	"built_year" smallint NOT NULL,
	"hitch_type" text NOT NULL,
	"status" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_worker_day" (
	"day" date NOT NULL,
	"worker_id" integer NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"use_company_id" integer NOT NULL,
	"lift_type" smallint NOT NULL,
	"use_occasion" text NOT NULL,
	"orders" integer NOT NULL,
	"completed" integer NOT NULL,
	"on_time" integer NOT NULL,
	"duration_sum" double precision NOT NULL,
	"duration_count" integer NOT NULL,
	CONSTRAINT "stats_worker_day_day_worker_id_area_code_maintenance_company_id_use_company_id_lift_type_use_occasion_pk" PRIMARY KEY("day","worker_id","area_code","maintenance_company_id","use_company_id","lift_type","use_occasion")
);
--> statement-breakpoint
CREATE INDEX "stats_case_day_idx" ON "stats_case" USING btree ("day","area_code");--> statement-breakpoint
CREATE INDEX "stats_case_mc_idx" ON "stats_case" USING btree ("maintenance_company_id","day");--> statement-breakpoint
CREATE INDEX "stats_case_uc_idx" ON "stats_case" USING btree ("use_company_id","day");--> statement-breakpoint
CREATE INDEX "stats_case_open_idx" ON "stats_case" USING btree ("status","kind");--> statement-breakpoint
CREATE INDEX "stats_lift_area_idx" ON "stats_lift" USING btree ("area_code");--> statement-breakpoint
CREATE INDEX "stats_lift_mc_idx" ON "stats_lift" USING btree ("maintenance_company_id");--> statement-breakpoint
CREATE INDEX "stats_lift_uc_idx" ON "stats_lift" USING btree ("use_company_id");--> statement-breakpoint
CREATE INDEX "stats_lift_geo_idx" ON "stats_lift" USING btree ("longitude","latitude");--> statement-breakpoint
CREATE INDEX "stats_order_day_mc_idx" ON "stats_order_day" USING btree ("maintenance_company_id","day");--> statement-breakpoint
CREATE INDEX "stats_order_day_uc_idx" ON "stats_order_day" USING btree ("use_company_id","day");--> statement-breakpoint
CREATE INDEX "stats_repair_day_idx" ON "stats_repair" USING btree ("day","area_code");--> statement-breakpoint
CREATE INDEX "stats_repair_mc_idx" ON "stats_repair" USING btree ("maintenance_company_id","day");--> statement-breakpoint
CREATE INDEX "stats_repair_uc_idx" ON "stats_repair" USING btree ("use_company_id","day");