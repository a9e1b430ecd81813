ALTER TABLE "ad_task" DROP CONSTRAINT "ad_task_kind_ck";--> statement-breakpoint
DROP INDEX "ad_task_order_point_kind_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "ad_task_one_open_change_uq" ON "ad_task" USING btree ("point_id") WHERE "ad_task"."kind" = 3 and "ad_task"."status" in (1, 2, 4);--> statement-breakpoint
CREATE UNIQUE INDEX "ad_task_order_point_kind_uq" ON "ad_task" USING btree ("order_id","point_id","kind") WHERE "ad_task"."kind" in (1, 2);--> statement-breakpoint
ALTER TABLE "ad_task" ADD CONSTRAINT "ad_task_kind_ck" CHECK ("ad_task"."kind" in (1, 2, 3));