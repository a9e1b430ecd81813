-- Advertising (issue 19): a point copies its lift's facts (register code, name, address, district,
-- use unit, type, use occasion, coordinates) so that the availability search, the scopes and the
-- settlement read ad_point alone. The copy follows the lift: when an update of a lift changes one of
-- them (a use claim passed or released, the registry form, an import), the lift's points take the
-- new values in the same statement, whichever module wrote it. Lease before booking reads the point's
-- use unit: a lease from the lift's new use unit covers its points at once, one from the old no longer.
-- A row trigger whose WHEN skips the updates that leave the copied columns unchanged (most of them:
-- inspection dates, claim states, search grams); the points are found by ad_point_place_uq (elevator_id, …).
CREATE FUNCTION "ad_point_follow_lift"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ad_point" SET
    "register_code" = NEW."register_code", "lift_name" = NEW."name", "address" = NEW."address",
    "area_code" = NEW."area_code", "use_company_id" = NEW."use_company_id", "lift_type" = NEW."type",
    "use_occasion" = NEW."use_occasion", "longitude" = NEW."longitude", "latitude" = NEW."latitude",
    "updated_at" = now()
  WHERE "elevator_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ad_point_follow_lift"
  AFTER UPDATE OF "register_code", "name", "address", "area_code", "use_company_id", "type", "use_occasion",
    "longitude", "latitude" ON "elevator"
  FOR EACH ROW WHEN (
    OLD."use_company_id" IS DISTINCT FROM NEW."use_company_id" OR OLD."area_code" IS DISTINCT FROM NEW."area_code"
    OR OLD."register_code" IS DISTINCT FROM NEW."register_code" OR OLD."name" IS DISTINCT FROM NEW."name"
    OR OLD."address" IS DISTINCT FROM NEW."address" OR OLD."type" IS DISTINCT FROM NEW."type"
    OR OLD."use_occasion" IS DISTINCT FROM NEW."use_occasion" OR OLD."longitude" IS DISTINCT FROM NEW."longitude"
    OR OLD."latitude" IS DISTINCT FROM NEW."latitude")
  EXECUTE FUNCTION "ad_point_follow_lift"();--> statement-breakpoint
-- A point written (added, or moved to another lift) copies its lift as it stands, whatever the
-- caller passed: the lift's row is locked `for share` first, so that a change of the lift under way
-- is waited for and then read (else the point, invisible to that change's update above, would keep
-- the values read before it).
CREATE FUNCTION "ad_point_copy_lift"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lift record;
BEGIN
  SELECT "register_code", "name", "address", "area_code", "use_company_id", "type", "use_occasion",
      "longitude", "latitude"
    INTO lift FROM "elevator" WHERE "id" = NEW."elevator_id" FOR SHARE;
  IF FOUND THEN
    NEW."register_code" := lift."register_code";
    NEW."lift_name" := lift."name";
    NEW."address" := lift."address";
    NEW."area_code" := lift."area_code";
    NEW."use_company_id" := lift."use_company_id";
    NEW."lift_type" := lift."type";
    NEW."use_occasion" := lift."use_occasion";
    NEW."longitude" := lift."longitude";
    NEW."latitude" := lift."latitude";
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ad_point_copy_lift" BEFORE INSERT OR UPDATE OF "elevator_id" ON "ad_point"
  FOR EACH ROW EXECUTE FUNCTION "ad_point_copy_lift"();--> statement-breakpoint
-- Points whose lift changed before this migration take its facts now.
UPDATE "ad_point" p SET
  "register_code" = e."register_code", "lift_name" = e."name", "address" = e."address",
  "area_code" = e."area_code", "use_company_id" = e."use_company_id", "lift_type" = e."type",
  "use_occasion" = e."use_occasion", "longitude" = e."longitude", "latitude" = e."latitude", "updated_at" = now()
FROM "elevator" e
WHERE e."id" = p."elevator_id" AND (
  p."use_company_id" IS DISTINCT FROM e."use_company_id" OR p."area_code" IS DISTINCT FROM e."area_code"
  OR p."register_code" IS DISTINCT FROM e."register_code" OR p."lift_name" IS DISTINCT FROM e."name"
  OR p."address" IS DISTINCT FROM e."address" OR p."lift_type" IS DISTINCT FROM e."type"
  OR p."use_occasion" IS DISTINCT FROM e."use_occasion" OR p."longitude" IS DISTINCT FROM e."longitude"
  OR p."latitude" IS DISTINCT FROM e."latitude");
