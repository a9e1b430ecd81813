-- Rules that decide a write of the parties domain, kept by the database (issue 11, items 5 and 10).
--
-- 1. One rating per elevator and month (with or without a work order): a unique key. Ratings that a
--    flood had added beyond the first of a month are removed (the first one stays).
DELETE FROM "maintenance_rating" r USING "maintenance_rating" o
  WHERE o."elevator_id" = r."elevator_id" AND o."period" = r."period" AND o."id" < r."id";--> statement-breakpoint
DROP INDEX IF EXISTS "maintenance_rating_period_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_rating_period_uq" ON "maintenance_rating" USING btree ("elevator_id","period");--> statement-breakpoint
-- 2. An elevator is in at most one open (pending or passed) maintenance contract for any day: an
--    exclusion constraint on the contract–elevator link, which carries its contract's period and
--    whether it is open. Triggers keep both in step with the contract, whoever writes it.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "maintenance_contract_elevator" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "maintenance_contract_elevator" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "maintenance_contract_elevator" ADD COLUMN "active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "maintenance_contract_elevator" l SET "start_date" = c."start_date", "end_date" = c."end_date",
  "active" = c."filing_state" IN (2, 3)
  FROM "maintenance_contract" c WHERE c."id" = l."contract_id";--> statement-breakpoint
-- Overlaps stored before this rule: the older contract keeps the elevator, the newer one's link is closed.
UPDATE "maintenance_contract_elevator" l SET "active" = false
  WHERE l."active" AND EXISTS (SELECT 1 FROM "maintenance_contract_elevator" o
    WHERE o."elevator_id" = l."elevator_id" AND o."active" AND o."contract_id" < l."contract_id"
      AND daterange(o."start_date", o."end_date", '[]') && daterange(l."start_date", l."end_date", '[]'));--> statement-breakpoint
ALTER TABLE "maintenance_contract_elevator" ADD CONSTRAINT "maintenance_contract_elevator_no_overlap"
  EXCLUDE USING gist ("elevator_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&) WHERE ("active");--> statement-breakpoint
CREATE FUNCTION "maintenance_contract_elevator_period"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c."start_date", c."end_date", c."filing_state" IN (2, 3)
    INTO NEW."start_date", NEW."end_date", NEW."active"
    FROM "maintenance_contract" c WHERE c."id" = NEW."contract_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "maintenance_contract_elevator_period" BEFORE INSERT OR UPDATE OF "contract_id" ON "maintenance_contract_elevator"
  FOR EACH ROW EXECUTE FUNCTION "maintenance_contract_elevator_period"();--> statement-breakpoint
CREATE FUNCTION "maintenance_contract_period_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "maintenance_contract_elevator" SET "start_date" = NEW."start_date", "end_date" = NEW."end_date",
    "active" = NEW."filing_state" IN (2, 3)
    WHERE "contract_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "maintenance_contract_period_sync" AFTER UPDATE OF "start_date", "end_date", "filing_state" ON "maintenance_contract"
  FOR EACH ROW WHEN (OLD."start_date" IS DISTINCT FROM NEW."start_date" OR OLD."end_date" IS DISTINCT FROM NEW."end_date"
    OR (OLD."filing_state" IN (2, 3)) IS DISTINCT FROM (NEW."filing_state" IN (2, 3)))
  EXECUTE FUNCTION "maintenance_contract_period_sync"();
