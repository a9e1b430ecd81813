DROP INDEX "maintenance_order_company_idx";--> statement-breakpoint
CREATE INDEX "maintenance_order_area_company_idx" ON "maintenance_order" USING btree ("area_code","maintenance_company_id","status","plan_date","id");--> statement-breakpoint
CREATE INDEX "maintenance_order_company_idx" ON "maintenance_order" USING btree ("maintenance_company_id","status","plan_date","id");