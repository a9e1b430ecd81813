CREATE TABLE "stats_order_daily" (
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
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
	"due" integer NOT NULL,
	CONSTRAINT "stats_order_daily_pk" PRIMARY KEY("dim","day","area_code","maintenance_company_id","lift_type","use_occasion")
);
--> statement-breakpoint
CREATE INDEX "stats_order_daily_mc_idx" ON "stats_order_daily" USING btree ("dim","maintenance_company_id","day");