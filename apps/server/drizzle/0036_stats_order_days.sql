CREATE TABLE "stats_inspection" (
	"report_id" integer PRIMARY KEY NOT NULL,
	"day" date,
	"elevator_id" integer NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"use_company_id" integer NOT NULL,
	"lift_type" smallint NOT NULL,
	"use_occasion" text NOT NULL,
	"attempt" smallint NOT NULL,
	"concluded" boolean NOT NULL,
	"passed" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_order_dirty" (
	"day" date NOT NULL,
	"txid" bigint NOT NULL,
	CONSTRAINT "stats_order_dirty_day_txid_pk" PRIMARY KEY("day","txid")
);
--> statement-breakpoint
CREATE INDEX "stats_inspection_day_idx" ON "stats_inspection" USING btree ("day","area_code");--> statement-breakpoint
CREATE INDEX "stats_inspection_mc_idx" ON "stats_inspection" USING btree ("maintenance_company_id","day");--> statement-breakpoint
CREATE INDEX "stats_inspection_uc_idx" ON "stats_inspection" USING btree ("use_company_id","day");--> statement-breakpoint
-- Statistics (issue 18): the maintenance rollups per plan day. A closed day is computed once and kept;
-- the rollup job rebuilds only today, the days since its last run once the day has changed, and the
-- plan days written to since its last run, which this statement trigger marks in the writing
-- transaction (orders carry no change time): one row per plan day and transaction, so concurrent
-- writers never wait on each other; the job takes the committed marks (delete … returning).
CREATE FUNCTION "stats_order_mark_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "stats_order_dirty" ("day", "txid")
      SELECT DISTINCT "plan_date", txid_current() FROM "old_rows" ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "stats_order_dirty" ("day", "txid")
      SELECT DISTINCT "plan_date", txid_current() FROM "new_rows" ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stats_order_mark_insert" AFTER INSERT ON "maintenance_order"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stats_order_mark_days"();--> statement-breakpoint
CREATE TRIGGER "stats_order_mark_update" AFTER UPDATE ON "maintenance_order"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stats_order_mark_days"();--> statement-breakpoint
CREATE TRIGGER "stats_order_mark_delete" AFTER DELETE ON "maintenance_order"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stats_order_mark_days"();--> statement-breakpoint
-- A day's rebuild reads that day's orders only; the inspection rollup reads the reports changed since its cursor.
CREATE INDEX IF NOT EXISTS "stats_maintenance_order_plan_day_idx" ON "maintenance_order" ("plan_date");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stats_inspection_report_updated_idx" ON "inspection_report" ("updated_at");--> statement-breakpoint
-- The next run rebuilds every plan day once (changes before this migration left no mark).
DELETE FROM "stats_cursor" WHERE "source" = 'order';
