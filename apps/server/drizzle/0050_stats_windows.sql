CREATE TABLE "stats_case_window" (
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"lift_type" smallint NOT NULL,
	"use_occasion" text NOT NULL,
	"use_company_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"brand" text NOT NULL,
	"manufacturer" text NOT NULL,
	"built_year" smallint NOT NULL,
	"hour" smallint NOT NULL,
	"weekday" smallint NOT NULL,
	"cause" smallint NOT NULL,
	"cause_detail" text NOT NULL,
	"arrival_band" smallint NOT NULL,
	"agent_id" integer NOT NULL,
	"source" smallint NOT NULL,
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
	CONSTRAINT "stats_case_window_pk" PRIMARY KEY("dim","day","area_code","maintenance_company_id","lift_type","use_occasion","kind","use_company_id","brand","manufacturer","built_year","hour","weekday","cause","cause_detail","arrival_band","agent_id","source")
);
--> statement-breakpoint
CREATE TABLE "stats_repair_window" (
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"lift_type" smallint NOT NULL,
	"use_occasion" text NOT NULL,
	"use_company_id" integer NOT NULL,
	"brand" text NOT NULL,
	"manufacturer" text NOT NULL,
	"built_year" smallint NOT NULL,
	"hitch_type" text NOT NULL,
	"repairs" integer NOT NULL,
	CONSTRAINT "stats_repair_window_pk" PRIMARY KEY("dim","day","area_code","maintenance_company_id","lift_type","use_occasion","use_company_id","brand","manufacturer","built_year","hitch_type")
);
--> statement-breakpoint
CREATE INDEX "stats_case_window_mc_idx" ON "stats_case_window" USING btree ("dim","maintenance_company_id","day");--> statement-breakpoint
CREATE INDEX "stats_case_window_uc_idx" ON "stats_case_window" USING btree ("dim","use_company_id","day");--> statement-breakpoint
CREATE INDEX "stats_repair_window_mc_idx" ON "stats_repair_window" USING btree ("dim","maintenance_company_id","day");--> statement-breakpoint
CREATE INDEX "stats_repair_window_uc_idx" ON "stats_repair_window" USING btree ("dim","use_company_id","day");