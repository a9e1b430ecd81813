DROP INDEX "rescue_case_area_idx";--> statement-breakpoint
DROP INDEX "rescue_case_alarm_idx";--> statement-breakpoint
CREATE INDEX "rescue_case_area_alarm_idx" ON "rescue_case" USING btree ("area_code","alarm_at","id");--> statement-breakpoint
CREATE INDEX "rescue_case_alarm_id_idx" ON "rescue_case" USING btree ("alarm_at","id");