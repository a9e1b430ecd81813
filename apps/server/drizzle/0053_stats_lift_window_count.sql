CREATE TABLE "stats_lift_window_count" (
	"dim" text NOT NULL,
	"day" date NOT NULL,
	"area_code" text NOT NULL,
	"maintenance_company_id" integer NOT NULL,
	"lifts" integer NOT NULL,
	CONSTRAINT "stats_lift_window_count_pk" PRIMARY KEY("dim","day","area_code","maintenance_company_id")
);
--> statement-breakpoint
-- The lift window's lifts per level, district and company, kept by statement triggers: inserted rows
-- (an INSERT … ON CONFLICT DO UPDATE's transition table holds only the rows it inserted) add 1,
-- deleted rows take 1 back; a count that reaches 0 is dropped.
CREATE FUNCTION "stats_lift_window_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "stats_lift_window_count" ("dim", "day", "area_code", "maintenance_company_id", "lifts")
      SELECT "dim", "day", "area_code", "maintenance_company_id", count(*) FROM "changed_rows" GROUP BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "stats_lift_window_count_pk"
        DO UPDATE SET "lifts" = "stats_lift_window_count"."lifts" + excluded."lifts";
  ELSE
    INSERT INTO "stats_lift_window_count" ("dim", "day", "area_code", "maintenance_company_id", "lifts")
      SELECT "dim", "day", "area_code", "maintenance_company_id", -count(*) FROM "changed_rows" GROUP BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "stats_lift_window_count_pk"
        DO UPDATE SET "lifts" = "stats_lift_window_count"."lifts" + excluded."lifts";
    DELETE FROM "stats_lift_window_count" WHERE "lifts" = 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stats_lift_window_count_insert" AFTER INSERT ON "stats_lift_window"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stats_lift_window_counted"();--> statement-breakpoint
CREATE TRIGGER "stats_lift_window_count_delete" AFTER DELETE ON "stats_lift_window"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stats_lift_window_counted"();--> statement-breakpoint
-- The lifts the window already holds.
INSERT INTO "stats_lift_window_count" ("dim", "day", "area_code", "maintenance_company_id", "lifts")
  SELECT "dim", "day", "area_code", "maintenance_company_id", count(*) FROM "stats_lift_window" GROUP BY 1, 2, 3, 4;
