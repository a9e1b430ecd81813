-- Advertising: one lock order for the points of lifts. A change of a lift's copied facts (its use
-- unit above all: a claim passed or released, the registry's batch edit, a sync) updates the lift's
-- points in migration 0056's row trigger, which locked them in the order its scan found them: the
-- place index within a lift (position, medium), and lift after lift in the order the statement
-- updated the lifts (a batch edit's bitmap scan: the heap's order). A booking, a confirm, a cancel or
-- a state set by hand locks its points by lift, then id (ad/orders/service.ts lockPoints). Two points
-- in that order could be held one each, each waited for by the other: a deadlock (40P01), one of the
-- two requests failed. Now one trigger a statement: it locks the points of every lift the statement
-- changed (`for no key update`, the lock its UPDATE takes) by lift, then id, then writes them, so a
-- booking and the change queue on the first point they share. Same copy, same statement as before.
-- (A statement trigger with transition tables takes no column list nor WHEN: it compares the rows.)
DROP TRIGGER "ad_point_follow_lift" ON "elevator";--> statement-breakpoint
DROP FUNCTION "ad_point_follow_lift"();--> statement-breakpoint
CREATE FUNCTION "ad_point_follow_lift"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "ad_point" p
  WHERE p."elevator_id" IN (
    SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    WHERE o."use_company_id" IS DISTINCT FROM n."use_company_id" OR o."area_code" IS DISTINCT FROM n."area_code"
      OR o."register_code" IS DISTINCT FROM n."register_code" OR o."name" IS DISTINCT FROM n."name"
      OR o."address" IS DISTINCT FROM n."address" OR o."type" IS DISTINCT FROM n."type"
      OR o."use_occasion" IS DISTINCT FROM n."use_occasion" OR o."longitude" IS DISTINCT FROM n."longitude"
      OR o."latitude" IS DISTINCT FROM n."latitude")
  ORDER BY p."elevator_id", p."id"
  FOR NO KEY UPDATE OF p;
  UPDATE "ad_point" p SET
    "register_code" = n."register_code", "lift_name" = n."name", "address" = n."address",
    "area_code" = n."area_code", "use_company_id" = n."use_company_id", "lift_type" = n."type",
    "use_occasion" = n."use_occasion", "longitude" = n."longitude", "latitude" = n."latitude",
    "updated_at" = now()
  FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
  WHERE p."elevator_id" = n."id" AND (
    o."use_company_id" IS DISTINCT FROM n."use_company_id" OR o."area_code" IS DISTINCT FROM n."area_code"
    OR o."register_code" IS DISTINCT FROM n."register_code" OR o."name" IS DISTINCT FROM n."name"
    OR o."address" IS DISTINCT FROM n."address" OR o."type" IS DISTINCT FROM n."type"
    OR o."use_occasion" IS DISTINCT FROM n."use_occasion" OR o."longitude" IS DISTINCT FROM n."longitude"
    OR o."latitude" IS DISTINCT FROM n."latitude");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ad_point_follow_lift" AFTER UPDATE ON "elevator"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "ad_point_follow_lift"();
