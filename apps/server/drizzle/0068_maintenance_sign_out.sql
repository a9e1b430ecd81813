-- 签退 becomes a step of its own (issue 13): where the worker signed out (distance to the lift), and
-- the submit time apart from it. All nullable: an order not yet signed out or submitted has none.
ALTER TABLE "maintenance_order" ADD COLUMN "sign_out_lat" double precision;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "sign_out_lng" double precision;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "sign_out_distance_m" integer;--> statement-breakpoint
ALTER TABLE "maintenance_order" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
-- Until now the submit set sign_out_at (签退并提交): an order submitted then keeps that time as its
-- sign-out and gets it as its submit time; it has no sign-out position.
UPDATE "maintenance_order" SET "submitted_at" = "sign_out_at"
WHERE "sign_out_at" IS NOT NULL AND "status" >= 3 AND "submitted_at" IS NULL;
