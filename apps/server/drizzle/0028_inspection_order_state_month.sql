DROP INDEX "inspection_order_org_state_idx";--> statement-breakpoint
CREATE INDEX "inspection_order_org_state_applied_idx" ON "inspection_order" USING btree ("org_id","state","applied_at");--> statement-breakpoint
CREATE INDEX "inspection_order_state_applied_idx" ON "inspection_order" USING btree ("state","applied_at");