-- Electronic maintenance (issue 13): the order list reads each order's open findings from a column,
-- and an order's template cannot be deleted while the order refers to it (RESTRICT: the database
-- refuses a delete that races with the plan job making an order from the template).
ALTER TABLE "maintenance_order" DROP CONSTRAINT "maintenance_order_content_id_maintenance_content_id_fk";--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "open_findings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD CONSTRAINT "maintenance_order_content_id_maintenance_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."maintenance_content"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- The open findings (待核查 or 确认违规, verdict <> 2) of each order, kept on the order by a trigger on
-- maintenance_check in the transaction that changes its findings, so that the order list reads a
-- column instead of counting each row's findings. Backfilled from the findings stored so far.
UPDATE "maintenance_order" o SET "open_findings" = c."n"
  FROM (SELECT "order_id", count(*)::int AS "n" FROM "maintenance_check" WHERE "verdict" <> 2 GROUP BY "order_id") c
  WHERE c."order_id" = o."id";--> statement-breakpoint
CREATE FUNCTION "maintenance_check_open_findings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."verdict" <> 2 THEN
    UPDATE "maintenance_order" SET "open_findings" = "open_findings" - 1 WHERE "id" = OLD."order_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."verdict" <> 2 THEN
    UPDATE "maintenance_order" SET "open_findings" = "open_findings" + 1 WHERE "id" = NEW."order_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "maintenance_check_open_findings" AFTER INSERT OR DELETE OR UPDATE OF "verdict", "order_id" ON "maintenance_check"
  FOR EACH ROW EXECUTE FUNCTION "maintenance_check_open_findings"();
