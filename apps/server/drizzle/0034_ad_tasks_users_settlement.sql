CREATE TABLE "ad_settlement" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"use_company_id" integer NOT NULL,
	"month" text NOT NULL,
	"point_count" integer NOT NULL,
	"paid_days" bigint NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	"share" numeric(5, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_settlement_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"paid_days" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"plan_date" date NOT NULL,
	"worker_id" integer,
	"finished_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_task_kind_ck" CHECK ("ad_task"."kind" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "ad_task_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"worker_id" integer NOT NULL,
	"recorded_by" integer,
	"photo_file_id" uuid NOT NULL,
	"qr_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"distance_m" integer,
	"far" boolean DEFAULT false NOT NULL,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_wx_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"open_id" text,
	"customer_id" integer,
	"user_id" integer,
	"avatar_file_id" uuid,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_wx_user_kind_ck" CHECK ("ad_wx_user"."kind" in (1, 2))
);
--> statement-breakpoint
DROP INDEX "elevator_search_grams_idx";--> statement-breakpoint
ALTER TABLE "inspection_report" ADD COLUMN "reviewer_id" integer;--> statement-breakpoint
ALTER TABLE "ad_settlement" ADD CONSTRAINT "ad_settlement_operator_id_enterprise_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_settlement" ADD CONSTRAINT "ad_settlement_use_company_id_enterprise_id_fk" FOREIGN KEY ("use_company_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_settlement" ADD CONSTRAINT "ad_settlement_approved_by_sys_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_settlement_line" ADD CONSTRAINT "ad_settlement_line_settlement_id_ad_settlement_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."ad_settlement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_settlement_line" ADD CONSTRAINT "ad_settlement_line_point_id_ad_point_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."ad_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_task" ADD CONSTRAINT "ad_task_operator_id_enterprise_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_task" ADD CONSTRAINT "ad_task_order_id_ad_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ad_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_task" ADD CONSTRAINT "ad_task_point_id_ad_point_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."ad_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_task" ADD CONSTRAINT "ad_task_worker_id_ad_wx_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."ad_wx_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_task_log" ADD CONSTRAINT "ad_task_log_task_id_ad_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."ad_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_task_log" ADD CONSTRAINT "ad_task_log_operator_id_enterprise_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_task_log" ADD CONSTRAINT "ad_task_log_worker_id_ad_wx_user_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."ad_wx_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_task_log" ADD CONSTRAINT "ad_task_log_recorded_by_sys_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_task_log" ADD CONSTRAINT "ad_task_log_photo_file_id_sys_file_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."sys_file"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_task_log" ADD CONSTRAINT "ad_task_log_reviewed_by_sys_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_wx_user" ADD CONSTRAINT "ad_wx_user_operator_id_enterprise_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."enterprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_wx_user" ADD CONSTRAINT "ad_wx_user_customer_id_ad_custom_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."ad_custom"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_wx_user" ADD CONSTRAINT "ad_wx_user_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_wx_user" ADD CONSTRAINT "ad_wx_user_avatar_file_id_sys_file_id_fk" FOREIGN KEY ("avatar_file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_settlement_uq" ON "ad_settlement" USING btree ("operator_id","use_company_id","month");--> statement-breakpoint
CREATE INDEX "ad_settlement_use_idx" ON "ad_settlement" USING btree ("use_company_id","month");--> statement-breakpoint
CREATE INDEX "ad_settlement_month_idx" ON "ad_settlement" USING btree ("month","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_settlement_line_uq" ON "ad_settlement_line" USING btree ("settlement_id","point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_task_order_point_kind_uq" ON "ad_task" USING btree ("order_id","point_id","kind");--> statement-breakpoint
CREATE INDEX "ad_task_operator_idx" ON "ad_task" USING btree ("operator_id","id");--> statement-breakpoint
CREATE INDEX "ad_task_point_idx" ON "ad_task" USING btree ("point_id");--> statement-breakpoint
CREATE INDEX "ad_task_worker_idx" ON "ad_task" USING btree ("worker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_task_log_one_pending_uq" ON "ad_task_log" USING btree ("task_id") WHERE "ad_task_log"."status" = 1;--> statement-breakpoint
CREATE INDEX "ad_task_log_task_idx" ON "ad_task_log" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "ad_task_log_operator_idx" ON "ad_task_log" USING btree ("operator_id","id");--> statement-breakpoint
CREATE INDEX "ad_task_log_worker_idx" ON "ad_task_log" USING btree ("worker_id");--> statement-breakpoint
CREATE INDEX "ad_task_log_photo_idx" ON "ad_task_log" USING btree ("photo_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_wx_user_phone_uq" ON "ad_wx_user" USING btree ("operator_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_wx_user_open_id_uq" ON "ad_wx_user" USING btree ("open_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_wx_user_user_uq" ON "ad_wx_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ad_wx_user_operator_idx" ON "ad_wx_user" USING btree ("operator_id","id");--> statement-breakpoint
CREATE INDEX "ad_wx_user_avatar_idx" ON "ad_wx_user" USING btree ("avatar_file_id");--> statement-breakpoint
ALTER TABLE "inspection_report" ADD CONSTRAINT "inspection_report_reviewer_id_inspection_inspector_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."inspection_inspector"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "elevator_scoped_grams_idx" ON "elevator" USING gin (("search_grams" || array['a:' || "area_code", 'm:' || coalesce("maintenance_company_id"::text, ''), 'u:' || coalesce("use_company_id"::text, '')]));