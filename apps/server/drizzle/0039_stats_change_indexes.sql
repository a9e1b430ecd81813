-- The statistics rollup reads, every 30 s, the rows changed since its cursor (updated_at > cursor):
-- without these it scanned every lift, case and lift state on each run (1.5–2 s each at a million).
CREATE INDEX IF NOT EXISTS "stats_elevator_updated_idx" ON "elevator" ("updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stats_rescue_case_updated_idx" ON "rescue_case" ("updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stats_repair_order_updated_idx" ON "repair_order" ("updated_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stats_maintenance_lift_updated_idx" ON "maintenance_lift" ("updated_at");
