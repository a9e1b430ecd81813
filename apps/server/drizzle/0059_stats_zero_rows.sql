CREATE INDEX "stats_lift_group_zero_idx" ON "stats_lift_group" USING btree ("dim") WHERE lifts = 0;--> statement-breakpoint
CREATE INDEX "stats_lift_window_zero_idx" ON "stats_lift_window" USING btree ("day") WHERE trapped + faults = 0;--> statement-breakpoint
CREATE INDEX "stats_use_window_zero_idx" ON "stats_use_window" USING btree ("day") WHERE lifts + trapped + faults = 0;