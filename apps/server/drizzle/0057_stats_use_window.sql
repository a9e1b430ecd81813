CREATE TABLE "stats_use_window" (
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"use_company_id" integer NOT NULL,
	"lifts" integer DEFAULT 0 NOT NULL,
	"overdue_inspection" integer DEFAULT 0 NOT NULL,
	"overdue_maintenance" integer DEFAULT 0 NOT NULL,
	"trapped" integer DEFAULT 0 NOT NULL,
	"faults" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_use_window_pk" PRIMARY KEY("dim","day","area_code","maintenance_company_id","use_company_id")
);
--> statement-breakpoint
CREATE INDEX "stats_use_window_rank_idx" ON "stats_use_window" USING btree ("dim","day","area_code","maintenance_company_id","trapped" DESC NULLS LAST,("use_company_id"::text) collate "C");--> statement-breakpoint
CREATE INDEX "stats_use_window_top_idx" ON "stats_use_window" USING btree ("dim","day","area_code","maintenance_company_id","trapped" DESC NULLS LAST,"faults" DESC NULLS LAST,"lifts" DESC NULLS LAST,("use_company_id"::text) collate "C");