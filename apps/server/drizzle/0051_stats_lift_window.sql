CREATE TABLE "stats_lift_window" (
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"elevator_id" integer NOT NULL,
	"trapped" integer DEFAULT 0 NOT NULL,
	"arrived" integer DEFAULT 0 NOT NULL,
	"within30" integer DEFAULT 0 NOT NULL,
	"arrival_sum" double precision DEFAULT 0 NOT NULL,
	"rescued" integer DEFAULT 0 NOT NULL,
	"rescue_sum" double precision DEFAULT 0 NOT NULL,
	"faults" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_lift_window_pk" PRIMARY KEY("dim","day","area_code","maintenance_company_id","elevator_id")
);
--> statement-breakpoint
CREATE INDEX "stats_lift_window_rank_idx" ON "stats_lift_window" USING btree ("dim","day","area_code","maintenance_company_id","trapped" DESC NULLS LAST,"elevator_id");