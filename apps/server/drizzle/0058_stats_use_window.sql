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
CREATE TABLE "stats_use_window_total" (
	"dim" text NOT NULL,
	"day" date NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"use_units" integer NOT NULL,
	"lifts" integer NOT NULL,
	"overdue_inspection" integer NOT NULL,
	"overdue_maintenance" integer NOT NULL,
	"trapped" integer NOT NULL,
	"faults" integer NOT NULL,
	CONSTRAINT "stats_use_window_total_pk" PRIMARY KEY("dim","day","area_code","maintenance_company_id")
);
--> statement-breakpoint
CREATE INDEX "stats_use_window_rank_idx" ON "stats_use_window" USING btree ("dim","day","area_code","maintenance_company_id","trapped" DESC NULLS LAST,("use_company_id"::text) collate "C");--> statement-breakpoint
CREATE INDEX "stats_use_window_top_idx" ON "stats_use_window" USING btree ("dim","day","area_code","maintenance_company_id","trapped" DESC NULLS LAST,"faults" DESC NULLS LAST,"lifts" DESC NULLS LAST,("use_company_id"::text) collate "C");--> statement-breakpoint
-- The use-unit window's use units and sums per level, district and company, kept by statement
-- triggers: inserted rows (an INSERT … ON CONFLICT DO UPDATE's INSERT transition table holds only the
-- rows it inserted) add a use unit and their sums, updated rows add their sums' change (new − old),
-- deleted rows take a use unit and their sums back; a total left with no use unit is dropped.
CREATE FUNCTION "stats_use_window_totalled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "stats_use_window_total" ("dim", "day", "area_code", "maintenance_company_id", "use_units",
        "lifts", "overdue_inspection", "overdue_maintenance", "trapped", "faults")
      SELECT "dim", "day", "area_code", "maintenance_company_id", count(*), sum("lifts"), sum("overdue_inspection"),
          sum("overdue_maintenance"), sum("trapped"), sum("faults")
        FROM "new_rows" GROUP BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "stats_use_window_total_pk" DO UPDATE SET
        "use_units" = "stats_use_window_total"."use_units" + excluded."use_units",
        "lifts" = "stats_use_window_total"."lifts" + excluded."lifts",
        "overdue_inspection" = "stats_use_window_total"."overdue_inspection" + excluded."overdue_inspection",
        "overdue_maintenance" = "stats_use_window_total"."overdue_maintenance" + excluded."overdue_maintenance",
        "trapped" = "stats_use_window_total"."trapped" + excluded."trapped",
        "faults" = "stats_use_window_total"."faults" + excluded."faults";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "stats_use_window_total" ("dim", "day", "area_code", "maintenance_company_id", "use_units",
        "lifts", "overdue_inspection", "overdue_maintenance", "trapped", "faults")
      SELECT "dim", "day", "area_code", "maintenance_company_id", 0, sum("lifts"), sum("overdue_inspection"),
          sum("overdue_maintenance"), sum("trapped"), sum("faults")
        FROM (SELECT "dim", "day", "area_code", "maintenance_company_id", "lifts", "overdue_inspection",
            "overdue_maintenance", "trapped", "faults" FROM "new_rows"
          UNION ALL SELECT "dim", "day", "area_code", "maintenance_company_id", -"lifts", -"overdue_inspection",
            -"overdue_maintenance", -"trapped", -"faults" FROM "old_rows") "x"
        GROUP BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "stats_use_window_total_pk" DO UPDATE SET
        "lifts" = "stats_use_window_total"."lifts" + excluded."lifts",
        "overdue_inspection" = "stats_use_window_total"."overdue_inspection" + excluded."overdue_inspection",
        "overdue_maintenance" = "stats_use_window_total"."overdue_maintenance" + excluded."overdue_maintenance",
        "trapped" = "stats_use_window_total"."trapped" + excluded."trapped",
        "faults" = "stats_use_window_total"."faults" + excluded."faults";
  ELSE
    INSERT INTO "stats_use_window_total" ("dim", "day", "area_code", "maintenance_company_id", "use_units",
        "lifts", "overdue_inspection", "overdue_maintenance", "trapped", "faults")
      SELECT "dim", "day", "area_code", "maintenance_company_id", -count(*), -sum("lifts"), -sum("overdue_inspection"),
          -sum("overdue_maintenance"), -sum("trapped"), -sum("faults")
        FROM "old_rows" GROUP BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "stats_use_window_total_pk" DO UPDATE SET
        "use_units" = "stats_use_window_total"."use_units" + excluded."use_units",
        "lifts" = "stats_use_window_total"."lifts" + excluded."lifts",
        "overdue_inspection" = "stats_use_window_total"."overdue_inspection" + excluded."overdue_inspection",
        "overdue_maintenance" = "stats_use_window_total"."overdue_maintenance" + excluded."overdue_maintenance",
        "trapped" = "stats_use_window_total"."trapped" + excluded."trapped",
        "faults" = "stats_use_window_total"."faults" + excluded."faults";
    DELETE FROM "stats_use_window_total" WHERE "use_units" = 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stats_use_window_total_insert" AFTER INSERT ON "stats_use_window"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stats_use_window_totalled"();--> statement-breakpoint
CREATE TRIGGER "stats_use_window_total_update" AFTER UPDATE ON "stats_use_window"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stats_use_window_totalled"();--> statement-breakpoint
CREATE TRIGGER "stats_use_window_total_delete" AFTER DELETE ON "stats_use_window"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stats_use_window_totalled"();
